import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DataStore } from '@tus/utils';
import type { Translate } from '../i18n/translator.ts';
import type { UploadMeta } from '../services/uploads.ts';

// What the upload routes need of tus without loading @tus/server (tus-server.ts), which waits for the first upload request (issue 35).

/** What the tus hooks need to know of the request they serve (set by the route, keyed by the Web request). */
export interface TusContext {
  userId: string;
  t: Translate;
  /** The upload a HEAD/PATCH/DELETE names (checked as the user's), or the id a creation will use. */
  uploadId: string;
  /** Creation only: the checked metadata. */
  meta?: UploadMeta;
}

const contexts = new WeakMap<Request, TusContext>();
export const contextOf = (req: Request): TusContext => {
  const context = contexts.get(req);
  if (!context) throw { status_code: 500, body: 'no request context\n' };
  return context;
};

/** The context of a request, if the route set one (a store failure may come before). */
export const contextIfAny = (req: Request): TusContext | undefined => contexts.get(req);

/**
 * The tus extensions served: the store's, but not creation-defer-length (a creation must declare its
 * Upload-Length) and expiration only when uploads do expire. No checksum extension: the file's SHA-256 comes
 * in Upload-Metadata and is checked once the last byte arrives.
 */
export function tusExtensions(store: DataStore): string[] {
  const served = new Set(['creation', 'creation-with-upload', 'termination', ...(store.getExpiration() > 0 ? ['expiration'] : [])]);
  return store.extensions.filter((extension) => served.has(extension));
}

/** The Fastify request as a Web request for `handleWeb`, its body streamed (never buffered). */
export function webRequestOf(request: FastifyRequest, reply: FastifyReply, context: TusContext): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.raw.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = request.method === 'POST' || request.method === 'PATCH';
  const web = new Request(`${request.protocol}://${request.host}${request.url}`, {
    method: request.method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
  // Lets @tus/server notice a dropped connection (it listens for the Node request's errors).
  Object.defineProperty(web, 'runtime', { value: { name: 'node', node: { req: request.raw, res: reply.raw } } });
  contexts.set(web, context);
  return web;
}
