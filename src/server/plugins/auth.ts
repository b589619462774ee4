import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appError } from '../errors.ts';
import { authenticate, type SessionTokens, type SessionUser } from '../services/sessions.ts';

export const ACCESS_COOKIE = 'jwt-access-token';
export const REFRESH_COOKIE = 'jwt-refresh-token';
export const REFRESH_COOKIE_PATH = '/api/v1/users/auth/token/';

declare module 'fastify' {
  interface FastifyInstance {
    signingKey: Uint8Array;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function cookieOptions(request: FastifyRequest, path: string, maxAgeSeconds: number) {
  return { path, httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https', maxAge: maxAgeSeconds };
}

/** v1's cookies: access on `/` for 15 min (+1 s), refresh on the refresh path for 48 h (+1 s). */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, tokens: SessionTokens) {
  const seconds = (date: Date) => Math.round((date.getTime() - Date.now()) / 1000) + 1;
  reply.setCookie(ACCESS_COOKIE, tokens.access, cookieOptions(request, '/', seconds(tokens.accessExpiresAt)));
  reply.setCookie(REFRESH_COOKIE, tokens.refresh, cookieOptions(request, REFRESH_COOKIE_PATH, seconds(tokens.refreshExpiresAt)));
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(ACCESS_COOKIE, cookieOptions(request, '/', 0));
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(request, REFRESH_COOKIE_PATH, 0));
}

/** Cross-site unsafe requests are refused: Fetch Metadata first, then Origin against the request's own origin. */
function isCrossSite(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  return origin !== undefined && origin !== `${request.protocol}://${request.host}`;
}

/** The signed-in user, or 401 (v1's "credentials were not provided" / "token is invalid or expired"). */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (request.user) return;
  throw appError(401, request.cookies[ACCESS_COOKIE] ? 'auth.tokenInvalid' : 'errors.unauthenticated');
}

/** `/users/{uid}/…`: only the signed-in user's own uid (v1: 401 "Token and user ID do not match."). */
export async function requireOwner(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  const { uid } = request.params as { uid?: string };
  if (uid !== request.user!.id) throw appError(401, 'auth.userMismatch');
}

/** docs/api.md: until the e-mail is confirmed, writes that create work for the company answer 409. */
export function requireVerifiedEmail(request: FastifyRequest): void {
  if (!request.user?.emailVerified) throw appError(409, 'auth.emailNotVerified');
}

export const authPlugin = fp<{ signingKey: Uint8Array }>(async (app, { signingKey }) => {
  await app.register(cookie);
  app.decorate('signingKey', signingKey);
  app.decorateRequest('user', null);
  // Authentication comes before body validation (v1: auth → 405 → uid → view).
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if (UNSAFE_METHODS.has(request.method) && isCrossSite(request)) throw appError(403, 'auth.crossSite');
    const token = request.cookies[ACCESS_COOKIE];
    request.user = token ? await authenticate(app.db, signingKey, token) : null;
  });
});
