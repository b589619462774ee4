import { STATUS_CODES } from 'node:http';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ACCOUNT_DELETED_HEADER } from '#shared/account-deleted.ts';
import { Headers } from '#shared/schemas/http.ts';
import { addExamples } from './openapi-examples.ts';

/**
 * The OpenAPI document from the routes themselves (docs/api.md): each route's zod schemas (its validators) plus,
 * in `schema.openapi`, what its code reads or writes outside them (headers, multipart and tus bodies, answers
 * that are not JSON). The rules every route shares (the checks of the plugins in front of every handler) are
 * added here once, in `completeOperation`, so that a new route is documented as exactly as the old ones.
 */

export interface HeaderDoc {
  schema: z.ZodType;
  required?: boolean;
}

export interface ResponseDoc {
  /** Why this route answers the status, where the shared reason would mislead (a webhook's 401 is no session's). */
  description?: string;
  headers?: Record<string, HeaderDoc>;
  /** Media type → schema, replacing the JSON one (`null`: no body at all). */
  content?: Record<string, z.ZodType> | null;
}

export interface OperationDoc {
  requestHeaders?: Record<string, HeaderDoc>;
  /** Media type → schema: a body the handler reads itself (multipart forms, tus bytes). */
  requestBody?: Record<string, z.ZodType>;
  /** The request body may be absent. */
  bodyOptional?: boolean;
  responses?: Record<number, ResponseDoc>;
  /** The handler checks If-Match (http/etag.ts): 412 on a stale version. */
  ifMatch?: boolean;
  /** Staff only (routes/staff.ts): 403 for a signed-in user who is not staff. */
  staff?: boolean;
  /** Refusals ({"errors"}) the route's plugin scope adds (owned.ts: 404 for a uid that is no UUID). */
  refusals?: number[];
}

declare module 'fastify' {
  interface FastifySchema {
    openapi?: OperationDoc;
  }
}

/** The session cookie (plugins/auth.ts): `security` of every route that needs a signed-in user. */
export const SIGNED_IN = [{ session: [] }];

/** Payment webhooks (routes/payments.ts): the gateway's signature header instead of a session. */
export const WEBHOOK_SIGNED = [{ webhookSignature: [] }];

export const securitySchemes = {
  webhookSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'DoseHub-Signature',
    description:
      '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with PAYMENTS_WEBHOOK_SECRET (generated and kept in the database when unset; `npm run sandbox:pay` signs with it). More than 5 minutes from the server\'s clock, missing or wrong: 401.',
  },
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'jwt-access-token',
    description:
      'The access cookie set by /users/login/ and /users/register/ (HttpOnly, SameSite=Lax, 15 minutes; renewed by /users/auth/token/refresh/ with the refresh cookie `jwt-refresh-token`). Without it, or with an expired one: 401. The token (an HS256 JWT) says how the session was signed in, in its `amr` claim (RFC 8176): `["pwd"]` (password), `["pwd","otp"]` (password and an authenticator or recovery code), `["pwd","hwk"]` (password and a passkey) or `["hwk"]` (a passkey alone), and when, in `auth_time` (unix seconds); a refresh keeps both. /staff/ routes need `otp` or `hwk` (403 otherwise).',
  },
  signInChallenge: {
    type: 'apiKey',
    in: 'cookie',
    name: 'sign-in-challenge',
    description:
      'Set by /users/login/ with its 202 (a right password, an account with a second factor): HttpOnly, SameSite=Strict, path /api/v1/users/login/, 5 minutes, good only for the second step. Missing or expired: 401.',
  },
  refresh: {
    type: 'apiKey',
    in: 'cookie',
    name: 'jwt-refresh-token',
    description: 'The refresh cookie (HttpOnly, path /api/v1/users/auth/token/, 48 hours), rotated on each use.',
  },
} as const;

const EXTRAS = 'x-operation-doc';
const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- OpenAPI objects

/** zod → JSON Schema the way the route's own schemas are converted (components by their `id`). */
function toJson(input: TransformInput, schema: z.ZodType, io: 'input' | 'output'): Json {
  const probe = io === 'input' ? { body: schema } : { response: { 200: schema } };
  const { schema: converted } = jsonSchemaTransform({ ...input, schema: probe } as TransformInput) as { schema: Json };
  return io === 'input' ? converted.body : converted.response[200];
}

function headersToJson(input: TransformInput, headers: Record<string, HeaderDoc>, io: 'input' | 'output') {
  return Object.fromEntries(
    Object.entries(headers).map(([name, { schema, required }]) => {
      const { description, ...json } = toJson(input, schema, io);
      return [name, { description, required: required ?? false, schema: json }];
    }),
  );
}

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * On registration (plugins/docs.ts): an /api write route's body is the shared schema its handler checks, which is
 * also its description; "any" is refused. A handler that checks the body itself (v1's order, a multipart form)
 * keeps the schema and sets its validator aside (http/body-checked-by-handler.ts).
 */
export function refuseUndescribedBody(route: RouteOptions): void {
  const body = (route.schema as { body?: unknown } | undefined)?.body;
  const writes = [route.method].flat().some((method) => WITH_BODY.has(method.toUpperCase()));
  if (route.url.startsWith('/api') && writes && (body instanceof z.ZodAny || body instanceof z.ZodUnknown)) {
    throw new Error(`${[route.method].flat().join(',')} ${route.url}: describe the body with the shared schema its handler checks, not z.any()/z.unknown()`);
  }
}

/** Per route: the zod schemas as JSON Schema, and `schema.openapi` converted alongside for `completeDocument`. */
export function transformRoute(input: TransformInput) {
  const result = jsonSchemaTransform(input) as { schema: Json; url: string };
  const extras = (input.schema as { openapi?: OperationDoc } | undefined)?.openapi;
  if (!result.schema || result.schema.hide) return result;
  delete result.schema.openapi;
  const { requestHeaders, requestBody, responses, ...flags } = extras ?? {};
  const mapValues = <T, U>(record: Record<string, T>, map: (value: T) => U) =>
    Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
  result.schema[EXTRAS] = {
    ...flags,
    requestHeaders: requestHeaders && headersToJson(input, requestHeaders, 'input'),
    requestBody: requestBody && mapValues(requestBody, (schema) => toJson(input, schema, 'input')),
    responses:
      responses &&
      mapValues(responses, ({ description, headers, content }) => ({
        description,
        headers: headers && headersToJson(input, headers, 'output'),
        content: content === null ? null : content && mapValues(content, (schema) => toJson(input, schema, 'output')),
      })),
  };
  return result;
}

const errorResponse = (description: string): Json => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

const header = (schema: z.ZodType, required: boolean): Json => {
  const { description, ...json } = z.toJSONSchema(schema) as Json;
  delete json.$schema;
  return { description, required, schema: json };
};

/** Why each shared refusal happens; a route's own reasons are in its summary and docs/api.md. */
const SHARED_REFUSALS: Record<number, string> = {
  400: 'Invalid input (each message names its field), a path that does not decode, or no Host header',
  401: 'No session cookie, or an expired or revoked one (sign in, or refresh the session)',
  403: 'A cross-site request (Sec-Fetch-Site or Origin of another site), or not allowed to this user',
  409: 'A conflict: the request with this Idempotency-Key is still running (retry after Retry-After), or the refusal of the route',
  412: 'If-Match names an older version: read the resource again',
  413: 'The body is over the size limit',
  414: 'A path parameter over 100 characters',
  415: 'A Content-Type the route does not read',
  422: 'This Idempotency-Key was used for a different request',
  429: 'Too many attempts: retry after Retry-After seconds',
  500: 'An internal error (the database unreachable, a bug): retry later',
  503: 'The server is restarting, or the file store (S3 or disk) is failing: retry (after Retry-After when given)',
};

function ensure(op: Json, status: number) {
  op.responses[status] ??= errorResponse(SHARED_REFUSALS[status] ?? STATUS_CODES[status] ?? 'Error');
  return op.responses[status] as Json;
}

function addHeader(response: Json, name: string, value: Json) {
  response.headers = { ...response.headers, [name]: value };
}

/** The checks every route goes through (plugins: errors, auth, idempotency, request-shape). */
function addSharedRules(method: string, op: Json, extras: Json) {
  [400, 500, 503].forEach((status) => ensure(op, status));
  // request-shape.ts: a path parameter with a NUL character is not found.
  if (op.parameters?.some((parameter: Json) => parameter.in === 'path')) [404, 414].forEach((status) => ensure(op, status));
  // Fastify reads a body on every method but GET and HEAD, declared or not: too large, or of a type it cannot read.
  if (method !== 'get' && method !== 'head') [413, 415].forEach((status) => ensure(op, status));
  if (op.security) ensure(op, 401);
  if (op.responses[401]) addHeader(op.responses[401], ACCOUNT_DELETED_HEADER, header(Headers.accountDeleted, false));
  if (extras.staff) ensure(op, 403).description = 'Not staff, a cross-site request, or a staff session signed in without a second factor (amr with neither otp nor hwk): "second factor required"';
  for (const status of extras.refusals ?? []) ensure(op, status);
  if (UNSAFE.has(method)) {
    [403, 409, 422].forEach((status) => ensure(op, status));
    addHeader(op.responses[409], 'Retry-After', header(Headers.retryAfter, false));
    op.parameters = [...(op.parameters ?? []), { in: 'header', name: 'Idempotency-Key', required: false, ...header(Headers.idempotencyKey, false) }];
    for (const [status, response] of Object.entries<Json>(op.responses)) {
      if (status.startsWith('2')) addHeader(response, 'Idempotent-Replayed', header(Headers.idempotentReplayed, false));
    }
  }
  if (extras.ifMatch) {
    ensure(op, 412);
    op.parameters = [...(op.parameters ?? []), { in: 'header', name: 'If-Match', ...header(Headers.ifMatch, false) }];
  }
  if (op.responses[429]) addHeader(op.responses[429], 'Retry-After', header(Headers.retryAfter, true));
  addHeader(op.responses[503], 'Retry-After', header(Headers.retryAfter, false));
}

/** `schema.openapi` of the route, applied over what the zod schemas gave. */
function applyExtras(method: string, op: Json, extras: Json) {
  if (extras.requestBody) op.requestBody = { required: !extras.bodyOptional, content: mapMedia(extras.requestBody) };
  else if (op.requestBody && extras.bodyOptional) op.requestBody.required = false;
  for (const [name, value] of Object.entries<Json>(extras.requestHeaders ?? {})) {
    op.parameters = [...(op.parameters ?? []), { in: 'header', name, ...value }];
  }
  for (const [status, doc] of Object.entries<Json>(extras.responses ?? {})) {
    const response = (op.responses[status] ??= { description: STATUS_CODES[Number(status)] });
    if (doc.description) response.description = doc.description;
    if (doc.content === null) delete response.content;
    else if (doc.content) response.content = mapMedia(doc.content);
    for (const [name, value] of Object.entries<Json>(doc.headers ?? {})) addHeader(response, name, value);
  }
}

/** A HEAD answer has no body: its errors neither (plugins/errors.ts sends them without Content-Type). */
function dropHeadBodies(method: string, op: Json) {
  if (method !== 'head') return;
  for (const [status, response] of Object.entries<Json>(op.responses)) {
    delete response.content;
    if (Number(status) >= 400) response.description = `${response.description} (no body, no Content-Type: the reason is the status)`;
  }
}

const mapMedia = (content: Json) => Object.fromEntries(Object.entries(content).map(([type, schema]) => [type, { schema }]));

/** A null body is no body (204, tus); the rest gets its status's name where the route gave no description. */
function tidyResponses(op: Json) {
  for (const [status, response] of Object.entries<Json>(op.responses)) {
    const schema = response.content?.['application/json']?.schema;
    if (schema?.type === 'null' || status === '204') delete response.content;
    if (!response.description || response.description === 'Default Response') {
      response.description = schema?.$ref === '#/components/schemas/ErrorBody' ? (SHARED_REFUSALS[Number(status)] ?? STATUS_CODES[Number(status)]) : STATUS_CODES[Number(status)];
    }
  }
}

/** After every route: the shared rules and each route's extras, over the whole document. */
export function completeDocument(input: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const document = jsonSchemaTransformObject(input) as Json;
  for (const operations of Object.values<Json>(document.paths ?? {})) {
    for (const [method, shared] of Object.entries<Json>(operations)) {
      // A route with several methods hands each the same object: each gets its own copy here.
      const op = (operations[method] = structuredClone(shared));
      const extras = op[EXTRAS] ?? {};
      delete op[EXTRAS];
      applyExtras(method, op, extras);
      tidyResponses(op);
      addSharedRules(method, op, extras);
      dropHeadBodies(method, op);
      // A public route says so: no security requirement.
      op.security ??= [];
    }
  }
  dropUnusedSchemas(document);
  addExamples(document);
  return document;
}

/** zod's registry gives each schema an input and an output component; only the referenced ones stay. */
function dropUnusedSchemas(document: Json) {
  const schemas: Json = document.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown) => {
    for (const [, name] of JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (used.has(name!)) continue;
      used.add(name!);
      visit(schemas[name!]);
    }
  };
  visit(document.paths);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

/** Response headers the routes send, for `schema.openapi.responses`. */
export const sends = {
  etag: { ETag: { schema: Headers.etag, required: true } },
  location: { Location: { schema: Headers.location, required: true } },
};

/** A change that needs a recent sign-in (plugins/auth.ts `requireRecentSignIn`): its 403 says so in a header. */
export const needsRecentSignIn = {
  403: {
    description:
      'A cross-site request, or the session signed in more than 5 minutes ago: `WWW-Authenticate: DoseHub-Reauth max-age=300`; POST /users/{uid}/reauthenticate/ with the password, then repeat the request',
    headers: { 'WWW-Authenticate': { schema: Headers.wwwAuthenticateReauth } },
  },
} satisfies Record<number, ResponseDoc>;

/** A stored file as it was uploaded (http/send-file.ts): its own media type, as an attachment. */
export const storedFile: ResponseDoc = {
  headers: { 'Content-Disposition': { schema: Headers.contentDisposition, required: true } },
  content: { '*/*': z.string().meta({ contentMediaType: 'application/octet-stream', description: 'The bytes, with the Content-Type they were stored with' }) },
};

/**
 * A route file's error list without what only a write can get (a conflict, a stale If-Match, a body too large
 * or of the wrong type, an Idempotency-Key reused): for its GET and HEAD routes, whose document lists what they answer.
 */
export function readRefusals<T extends Record<number, z.ZodType>>(errors: T): Omit<T, 409 | 412 | 413 | 415 | 422> {
  const { 409: _conflict, 412: _stale, 413: _tooLarge, 415: _type, 422: _reused, ...reads } = errors as Record<number, z.ZodType>;
  return reads as Omit<T, 409 | 412 | 413 | 415 | 422>;
}
