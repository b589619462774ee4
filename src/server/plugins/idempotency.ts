import type {} from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appError, AppError } from '../errors.ts';
import {
  claimKey,
  fingerprintOf,
  purgeExpiredKeys,
  releaseKey,
  storeAnswer,
  type ClaimOutcome,
  type IdempotencyClaim,
} from '../services/idempotency.ts';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: IdempotencyClaim | null;
    /** A multipart request's key, claimed once its form is read (`claimForm`, called by `readForm`). */
    deferredIdempotencyKey: string | null;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Only successes are stored: a refused request changed nothing, and its answer may change once the
 * client fixes its data, the session or the e-mail confirmation (a stored 409 would block the retry for a week).
 */
const isStored = (status: number) => status >= 200 && status < 300;
const REPLAYED_HEADERS = ['content-type', 'location', 'etag'];
const PURGE_EVERY_MS = 6 * 3600 * 1000;

function claimFor(request: FastifyRequest, key: string, body: unknown): IdempotencyClaim {
  const route = request.routeOptions.url ?? request.url;
  return {
    scope: request.user ? `u:${request.user.id}` : 'anonymous',
    key,
    method: request.method,
    route,
    fingerprint: fingerprintOf([request.method, route, request.params, request.query, body]),
  };
}

type StoredAnswer = Extract<ClaimOutcome, { kind: 'replay' }>;

/** The stored answer of a key already used for this request, thrown by the claim and sent by the errors plugin. */
export class IdempotentReplay extends Error {
  constructor(readonly answer: StoredAnswer) {
    super('idempotent replay');
  }
}

export const sendStoredAnswer = (reply: FastifyReply, { status, headers, body }: StoredAnswer) =>
  reply.code(status).headers({ ...headers, 'Idempotent-Replayed': 'true' }).send(body || null);

/** Takes the key for this request, or throws: 422 (another request's key), 409 (still running), or the stored answer. */
async function claim(request: FastifyRequest, key: string, body: unknown): Promise<void> {
  const claimed = claimFor(request, key, body);
  const outcome = await claimKey(request.server.db, claimed);
  if (outcome.kind === 'mismatch') throw appError(422, 'errors.idempotencyKeyReused');
  if (outcome.kind === 'inFlight') throw new AppError(409, [{ key: 'errors.idempotencyInFlight' }], { 'Retry-After': '1' });
  if (outcome.kind === 'replay') throw new IdempotentReplay(outcome);
  request.idempotency = claimed;
}

/**
 * For multipart forms, once read (`readForm` calls it, so no handler can forget it): claims the request's
 * key with the form's fields and the SHA-256 of each file (a browser writes a new boundary on every send,
 * so the raw body cannot identify it).
 */
export async function claimForm(request: FastifyRequest, form: unknown): Promise<void> {
  const key = request.deferredIdempotencyKey;
  request.deferredIdempotencyKey = null;
  if (key) await claim(request, key, form);
}

/**
 * `Idempotency-Key` on every mutation (docs/api.md): the same key with the same request replays the stored
 * answer; with another request → 422; while the first still runs → 409 with Retry-After.
 */
export const idempotencyPlugin = fp(async (app) => {
  app.decorateRequest('idempotency', null);
  app.decorateRequest('deferredIdempotencyKey', null);

  app.addHook('preHandler', async (request) => {
    const key = request.headers['idempotency-key'];
    if (!UNSAFE.has(request.method) || typeof key !== 'string' || !request.url.startsWith('/api/')) return;
    // No route (an owned route's `reply.callNotFound()` lands here: PATCH /users/login/ is /users/:uid/'s): the
    // 404 or 405 comes first, whatever the key.
    if (request.is404) return;
    if (key.length < 8 || key.length > 255) throw appError(400, 'errors.idempotencyKeyInvalid');
    if (request.isMultipart()) {
      request.deferredIdempotencyKey = key;
      return;
    }
    await claim(request, key, request.body ?? null);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    if (!isStored(reply.statusCode) || (payload !== null && typeof payload !== 'string')) {
      await releaseKey(app.db, claim);
      return payload;
    }
    const headers = Object.fromEntries(
      REPLAYED_HEADERS.flatMap((name) => {
        const value = reply.getHeader(name);
        return value === undefined ? [] : [[name, String(value)]];
      }),
    );
    await storeAnswer(app.db, claim, { status: reply.statusCode, body: (payload as string | null) ?? '', headers });
    return payload;
  });

  await purgeExpiredKeys(app.db);
  const timer = setInterval(() => void purgeExpiredKeys(app.db).catch(() => {}), PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
