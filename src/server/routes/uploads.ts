import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { Headers } from '#shared/schemas/http.ts';
import { appError } from '../errors.ts';
import { SIGNED_IN, type HeaderDoc, type OperationDoc } from '../http/openapi.ts';
import { isUuid } from '../http/uuid.ts';
import { requireUser } from '../plugins/auth.ts';
import { checkNewUpload, findOwnUpload, forgetUpload, recordOffset } from '../services/uploads.ts';
import { STORE_RETRY_AFTER_SECONDS } from '../storage/store-errors.ts';
import { tusExtensions, webRequestOf, type TusContext } from '../storage/tus-request.ts';

const tags = ['uploads'];
/** tus refusals of its own, as our translated messages. */
const TUS_ERRORS: Record<number, string> = {
  409: 'uploads.offsetMismatch',
  410: 'uploads.notFound',
  412: 'uploads.tusVersion',
  413: 'errors.bodyTooLarge',
};
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody, 422: ErrorBody };
const tusResumable = { 'Tus-Resumable': { schema: Headers.tusResumable, required: true } };
const offset = { 'Upload-Offset': { schema: Headers.uploadOffset, required: true } };
const expires = { 'Upload-Expires': { schema: Headers.uploadExpires } };
const discovery: OperationDoc = {
  responses: {
    204: {
      headers: {
        ...tusResumable,
        'Tus-Version': { schema: Headers.tusVersion, required: true },
        'Tus-Extension': { schema: Headers.tusExtension, required: true },
        'Tus-Max-Size': { schema: Headers.tusMaxSize, required: true },
      },
    },
  },
};
const bytes = z.string().meta({ contentMediaType: 'application/offset+octet-stream', description: 'The next bytes of the upload' });
/** tus refuses a request without Tus-Resumable: 1.0.0 with 412 (TUS_ERRORS). */
const tusRequest = (headers: Record<string, HeaderDoc> = {}) => ({ ...tusResumable, ...headers });

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** A refusal body written by our hooks is already `{"errors": [...]}`; tus's own text becomes a translated one. */
async function sendRefusal(reply: FastifyReply, response: Response) {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { errors?: unknown };
    if (Array.isArray(body.errors)) return reply.type('application/json; charset=utf-8').send(text);
  } catch {
    // tus's plain-text message
  }
  const key = TUS_ERRORS[response.status];
  if (key) throw appError(response.status, key);
  throw Object.assign(new Error(text.trim()), { statusCode: response.status });
}

/** Sends tus's answer through Fastify (so hooks, headers and our error bodies apply). */
async function forward(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'content-type') reply.header(name, value);
  });
  // The store failed (tus-server.ts): try again shortly; HEAD then gives the offset to resume from.
  if (response.status === 503) reply.header('Retry-After', String(STORE_RETRY_AFTER_SECONDS));
  if (response.status >= 400) return sendRefusal(reply, response);
  return reply.send();
}

/** tus discovery (OPTIONS): no session needed, and no CORS headers, so a cross-origin preflight stays refused. */
async function discover(app: FastifyInstance, reply: FastifyReply) {
  reply.code(204).headers({
    'Tus-Resumable': '1.0.0',
    'Tus-Version': '1.0.0',
    'Tus-Extension': tusExtensions(app.uploads.store.datastore).join(','),
    'Tus-Max-Size': String(app.uploads.maxBytes),
  });
  return null;
}

/**
 * tus 1.0 (creation, creation-with-upload, expiration, termination) at `/uploads/`, run from Fastify routes so
 * the session, CSRF rules and language apply; each upload is its creator's (others get 404).
 */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  // The body is tus's to stream into the store: Fastify must not read it.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null, undefined));

  const runTus = async (request: FastifyRequest, reply: FastifyReply, context: TusContext) => {
    const response = await (await app.uploads.tus()).handleWeb(webRequestOf(request, reply, context));
    const offset = response.headers.get('upload-offset');
    if (response.status < 300 && offset !== null && request.method !== 'HEAD') await recordOffset(app.db, context.uploadId, Number(offset));
    if (request.method === 'DELETE' && response.status === 204) await forgetUpload(app.db, context.uploadId);
    // A creation the store failed (503): no upload to resume, so no row (whatever it left in the store is an orphan, swept).
    if (request.method === 'POST' && response.status >= 500) await forgetUpload(app.db, context.uploadId);
    return forward(reply, response);
  };

  app.route({
    method: 'OPTIONS',
    url: '/uploads/',
    schema: { tags, summary: 'tus discovery: Tus-Version, Tus-Extension, Tus-Max-Size (204)', response: { 204: z.null() }, openapi: discovery },
    handler: (_request, reply) => discover(app, reply),
  });
  app.route({
    method: 'OPTIONS',
    url: '/uploads/:id/',
    schema: { tags, summary: 'tus discovery on an upload URL, as on `/uploads/`', params: z.object({ id: z.string() }), response: { 204: z.null() }, openapi: discovery },
    handler: (_request, reply) => discover(app, reply),
  });

  app.post(
    '/uploads/',
    {
      schema: {
        tags,
        summary: 'Create a resumable upload (tus 1.0: Upload-Length, Upload-Metadata with filename, filetype, sha256); 201 with Location',
        response: { 201: z.null(), ...errors, 412: ErrorBody },
        security: SIGNED_IN,
        openapi: {
          requestHeaders: tusRequest({
            'Upload-Length': { schema: Headers.uploadLength, required: true },
            'Upload-Metadata': { schema: Headers.uploadMetadata, required: true },
          }),
          // creation-with-upload: the first bytes may come with the creation.
          requestBody: { 'application/offset+octet-stream': bytes },
          bodyOptional: true,
          responses: { 201: { headers: { ...tusResumable, Location: { schema: Headers.location, required: true }, ...expires, 'Upload-Offset': { schema: Headers.uploadOffset } } } },
        },
      },
      onRequest: requireUser,
    },
    async (request, reply) => {
      if (header(request, 'upload-defer-length') !== undefined) throw appError(400, 'uploads.lengthRequired');
      const meta = checkNewUpload({ length: header(request, 'upload-length'), metadata: header(request, 'upload-metadata') }, app.uploads.maxBytes, request.user!.isStaff);
      return runTus(request, reply, { userId: request.user!.id, t: request.t, uploadId: randomUUID(), meta });
    },
  );

  const onUpload = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const { id } = request.params;
    const row = isUuid(id) ? await findOwnUpload(app.db, request.user!.id, id) : null;
    if (!row || row.status === 'consumed' || row.status === 'failed') throw appError(404, 'uploads.notFound');
    return runTus(request, reply, { userId: request.user!.id, t: request.t, uploadId: row.id });
  };
  const uploadRoute = (method: 'HEAD' | 'PATCH' | 'DELETE', summary: string, status: 200 | 204, openapi: OperationDoc) =>
    app.route({
      method,
      url: '/uploads/:id/',
      schema: { tags, summary, params: z.object({ id: z.string() }), response: { [status]: z.null(), ...errors, 412: ErrorBody }, security: SIGNED_IN, openapi },
      onRequest: requireUser,
      handler: onUpload,
      // @fastify/swagger leaves HEAD routes out unless asked: this one is tus's, not a GET's.
      config: method === 'HEAD' ? { swagger: { exposeHeadRoute: true } } : {},
    });
  uploadRoute('HEAD', "An upload's offset: the creator only", 200, {
    requestHeaders: tusRequest(),
    responses: { 200: { headers: { ...tusResumable, ...offset, 'Upload-Length': { schema: Headers.uploadLength, required: true }, ...expires } } },
  });
  uploadRoute('PATCH', 'The next bytes, from Upload-Offset (409 from another offset); the last one checks type and SHA-256 (422)', 204, {
    requestHeaders: tusRequest(offset),
    requestBody: { 'application/offset+octet-stream': bytes },
    responses: { 204: { headers: { ...tusResumable, ...offset, ...expires } } },
  });
  uploadRoute('DELETE', 'End an upload and drop its bytes: the creator only', 204, {
    requestHeaders: tusRequest(),
    responses: { 204: { headers: tusResumable } },
  });
};
