import type {} from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
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
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Answers a client should be able to retry with the same key: not stored. */
const RETRYABLE = new Set([400, 401, 403, 413, 429]);
const REPLAYED_HEADERS = ['content-type', 'location', 'etag'];
const PURGE_EVERY_MS = 6 * 3600 * 1000;

function claimFor(request: FastifyRequest, key: string): IdempotencyClaim {
  const route = request.routeOptions.url ?? request.url;
  const isMultipart = request.isMultipart();
  // A browser writes a new multipart boundary on every send, so a multipart body is identified by its route and parameters.
  const body = isMultipart ? null : (request.body ?? null);
  return {
    scope: request.user ? `u:${request.user.id}` : 'anonymous',
    key,
    method: request.method,
    route,
    fingerprint: fingerprintOf([request.method, route, request.params, request.query, body]),
  };
}

/**
 * `Idempotency-Key` on every mutation (API.md): the same key with the same request replays the stored
 * answer; with another request → 422; while the first still runs → 409 with Retry-After.
 */
export const idempotencyPlugin = fp(async (app) => {
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (!UNSAFE.has(request.method) || typeof key !== 'string' || !request.url.startsWith('/api/')) return;
    if (key.length < 8 || key.length > 255) throw appError(400, 'errors.idempotencyKeyInvalid');
    const claim = claimFor(request, key);
    const outcome = await claimKey(app.db, claim);
    if (outcome.kind === 'mismatch') throw appError(422, 'errors.idempotencyKeyReused');
    if (outcome.kind === 'inFlight') throw new AppError(409, [{ key: 'errors.idempotencyInFlight' }], { 'Retry-After': '1' });
    if (outcome.kind === 'replay') {
      return reply.code(outcome.status).headers({ ...outcome.headers, 'Idempotent-Replayed': 'true' }).send(outcome.body || null);
    }
    request.idempotency = claim;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    if (reply.statusCode >= 500 || RETRYABLE.has(reply.statusCode) || (payload !== null && typeof payload !== 'string')) {
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
