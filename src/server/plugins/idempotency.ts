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
  type IdempotencyClaim,
} from '../services/idempotency.ts';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: IdempotencyClaim | null;
    /** A multipart request's key, claimed by the handler once the form is read (`claimForm`). */
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

async function claim(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  body: unknown,
  beforeReplay: () => Promise<void> = async () => {},
): Promise<boolean> {
  const claimed = claimFor(request, key, body);
  const outcome = await claimKey(request.server.db, claimed);
  if (outcome.kind === 'mismatch') throw appError(422, 'errors.idempotencyKeyReused');
  if (outcome.kind === 'inFlight') throw new AppError(409, [{ key: 'errors.idempotencyInFlight' }], { 'Retry-After': '1' });
  if (outcome.kind === 'replay') {
    await beforeReplay();
    await reply.code(outcome.status).headers({ ...outcome.headers, 'Idempotent-Replayed': 'true' }).send(outcome.body || null);
    return true;
  }
  request.idempotency = claimed;
  return false;
}

/**
 * For multipart forms: claims the request's key with the form's fields and the SHA-256 of each file
 * (a browser writes a new boundary on every send, so the raw body cannot identify it). True when a
 * stored answer was sent instead (after `beforeReplay`, e.g. removing the files this request uploaded).
 */
export function claimForm(request: FastifyRequest, reply: FastifyReply, form: unknown, beforeReplay?: () => Promise<void>): Promise<boolean> {
  const key = request.deferredIdempotencyKey;
  request.deferredIdempotencyKey = null;
  return key ? claim(request, reply, key, form, beforeReplay) : Promise.resolve(false);
}

/**
 * `Idempotency-Key` on every mutation (API.md): the same key with the same request replays the stored
 * answer; with another request → 422; while the first still runs → 409 with Retry-After.
 */
export const idempotencyPlugin = fp(async (app) => {
  app.decorateRequest('idempotency', null);
  app.decorateRequest('deferredIdempotencyKey', null);

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (!UNSAFE.has(request.method) || typeof key !== 'string' || !request.url.startsWith('/api/')) return;
    if (key.length < 8 || key.length > 255) throw appError(400, 'errors.idempotencyKeyInvalid');
    if (request.isMultipart()) {
      request.deferredIdempotencyKey = key;
      return;
    }
    if (await claim(request, reply, key, request.body ?? null)) return reply;
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
