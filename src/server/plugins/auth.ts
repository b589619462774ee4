import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Listen } from '../db/listen.ts';
import { AppError, appError } from '../errors.ts';
import { pendingConsents } from '../services/consents.ts';
import { startSessionTelling } from '../services/new-device.ts';
import { SESSION_CHANGES_CHANNEL, forgetAllSessions, forgetUserSessions } from '../services/session-cache.ts';
import { ACCOUNT_DELETED_HEADER, ACCOUNT_DELETED_VALUE } from '#shared/account-deleted.ts';
import {
  ACCOUNT_DELETED,
  RECENT_SIGN_IN_SECONDS,
  authenticate,
  authenticatedNow,
  hasSecondFactor,
  signedInRecently,
  type AuthMethod,
  type Device,
  type SessionTokens,
  type SessionUser,
} from '../services/sessions.ts';
import { SIGN_IN_CHALLENGE_SECONDS } from '../services/sign-in-challenge.ts';

export const ACCESS_COOKIE = 'jwt-access-token';
export const REFRESH_COOKIE = 'jwt-refresh-token';
export const REFRESH_COOKIE_PATH = '/api/v1/users/auth/token/';
/** Between a right password and the second step (issue 31): only the sign-in's routes receive it. */
export const SIGN_IN_CHALLENGE_COOKIE = 'sign-in-challenge';
const SIGN_IN_CHALLENGE_PATH = '/api/v1/users/login/';
const STAFF_API_PREFIX = '/api/v1/staff/';
/** A WebAuthn challenge between its options and the browser's answer: adding a passkey, or signing in with one. */
export const WEBAUTHN_CHALLENGE_COOKIE = 'webauthn-challenge';
const WEBAUTHN_CHALLENGE_PATH = '/api/v1/users/';

declare module 'fastify' {
  interface FastifyInstance {
    signingKey: Uint8Array;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** The access cookie was valid but its account is deleted: a 401 that says so (`accountDeletedError`). */
    accountDeleted: boolean;
  }
  interface FastifyContextConfig {
    /** Issue 30: a write this user may make while a newer version of the terms or the privacy notice awaits acceptance. */
    beforeConsent?: boolean;
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

export function setSignInChallengeCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SIGN_IN_CHALLENGE_COOKIE, token, { ...cookieOptions(request, SIGN_IN_CHALLENGE_PATH, SIGN_IN_CHALLENGE_SECONDS), sameSite: 'strict' });
}

export function clearSignInChallengeCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SIGN_IN_CHALLENGE_COOKIE, { ...cookieOptions(request, SIGN_IN_CHALLENGE_PATH, 0), sameSite: 'strict' });
}

export function setWebAuthnChallengeCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(WEBAUTHN_CHALLENGE_COOKIE, token, { ...cookieOptions(request, WEBAUTHN_CHALLENGE_PATH, SIGN_IN_CHALLENGE_SECONDS), sameSite: 'strict' });
}

export function clearWebAuthnChallengeCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(WEBAUTHN_CHALLENGE_COOKIE, { ...cookieOptions(request, WEBAUTHN_CHALLENGE_PATH, 0), sameSite: 'strict' });
}

/**
 * The passkeys' relying party: the host name and origin the browser is on. The browser binds each passkey to it,
 * so a look-alike site gets no signature for this one; the server checks the signed origin against it.
 */
export const relyingParty = (request: FastifyRequest) => ({ id: request.hostname, origin: `${request.protocol}://${request.host}` });

/**
 * Issue 31: a staff session signed in without a second factor reaches nothing of /staff (403 naming the reason),
 * whatever the route; checked here, by the URL, so that no staff route can be added without it.
 */
function assertStaffSecondFactor(request: FastifyRequest) {
  const user = request.user;
  if (user?.isStaff && request.url.startsWith(STAFF_API_PREFIX) && !hasSecondFactor(user.amr)) {
    throw appError(403, 'auth.secondFactorRequired');
  }
}

/** The device a request comes from, for the list of signed-in devices. */
export const deviceOf = (request: FastifyRequest): Device => ({ userAgent: request.headers['user-agent']?.slice(0, 512) ?? null, ipAddress: request.ip });

/** Starts the user's session, mailing them when it comes from a new device (services/new-device.ts), and sets its cookies. */
export async function beginSession(request: FastifyRequest, reply: FastifyReply, user: { id: string; email: string; name: string }, amr: AuthMethod[]) {
  const app = request.server;
  const { t, baseUrl } = app.mailContext(request);
  const mail = { t, language: request.lang, baseUrl };
  setSessionCookies(request, reply, await startSessionTelling(app.db, app.signingKey, mail, user, authenticatedNow(amr), deviceOf(request)));
}

/** Cross-site unsafe requests are refused: Fetch Metadata first, then Origin against the request's own origin. */
function isCrossSite(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  return origin !== undefined && origin !== `${request.protocol}://${request.host}`;
}

/** 401 to a session of a deleted account, with the header that has the client wipe its local data (issue 30). */
export const accountDeletedError = () => new AppError(401, [{ key: 'auth.accountDeleted' }], { [ACCOUNT_DELETED_HEADER]: ACCOUNT_DELETED_VALUE });

/** The signed-in user, or 401 (v1's "credentials were not provided" / "token is invalid or expired"). */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (request.user) return;
  if (request.accountDeleted) throw accountDeletedError();
  throw appError(401, request.cookies[ACCESS_COOKIE] ? 'auth.tokenInvalid' : 'errors.unauthenticated');
}

/** `/users/{uid}/…`: only the signed-in user's own uid (v1: 401 "Token and user ID do not match."). */
export async function requireOwner(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  const { uid } = request.params as { uid?: string };
  if (uid !== request.user!.id) throw appError(401, 'auth.userMismatch');
}

/** The challenge a too-old session gets: a client re-authenticates (POST /users/{uid}/reauthenticate/) and repeats. */
export const REAUTH_CHALLENGE = `DoseHub-Reauth max-age=${RECENT_SIGN_IN_SECONDS}`;

/** Issue 31: the e-mail, the password and the second factors change only within 5 minutes of a sign-in. */
export async function requireRecentSignIn(request: FastifyRequest): Promise<void> {
  if (signedInRecently(request.user!)) return;
  throw new AppError(403, [{ key: 'auth.reauthenticationRequired' }], { 'WWW-Authenticate': REAUTH_CHALLENGE });
}

/**
 * Issue 30: while a newer version of the terms of use or the privacy notice awaits the user's acceptance, their
 * writes answer 403 (accepting it, and the routes marked `beforeConsent`, excepted). Staff accounts accept no terms.
 */
export async function requireConsents(request: FastifyRequest): Promise<void> {
  if (!UNSAFE_METHODS.has(request.method) || request.routeOptions.config.beforeConsent || request.user?.isStaff) return;
  const pending = await pendingConsents(request.server.db, request.user!.id, request.server.privacy.versions);
  if (pending.length > 0) throw appError(403, 'privacy.consentRequired');
}

/** docs/api.md: until the e-mail is confirmed, writes that create work for the company answer 409. */
export function requireVerifiedEmail(request: FastifyRequest): void {
  if (!request.user?.emailVerified) throw appError(409, 'auth.emailNotVerified');
}

/** Every process forgets the session checks it kept of a user whose sessions changed (services/session-cache.ts). */
async function listenForSessionChanges(app: FastifyInstance, listen: Listen) {
  const log = app.log.child({ module: 'session-cache' });
  const unlisten = await listen(SESSION_CHANGES_CHANNEL, {
    onPayload: (userId) => forgetUserSessions(userId),
    onReconnect: () => forgetAllSessions(),
    onError: (error) => log.warn({ err: error }, 'session changes'),
  });
  app.addHook('onClose', async () => unlisten());
}

export const authPlugin = fp<{ signingKey: Uint8Array; listen: Listen }>(async (app, { signingKey, listen }) => {
  await app.register(cookie);
  await listenForSessionChanges(app, listen);
  app.decorate('signingKey', signingKey);
  app.decorateRequest('user', null);
  app.decorateRequest('accountDeleted', false);
  // Authentication comes before body validation (v1: auth → 405 → uid → view).
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if (UNSAFE_METHODS.has(request.method) && isCrossSite(request)) throw appError(403, 'auth.crossSite');
    const token = request.cookies[ACCESS_COOKIE];
    const found = token ? await authenticate(app.db, signingKey, token) : null;
    request.accountDeleted = found === ACCOUNT_DELETED;
    request.user = found === ACCOUNT_DELETED ? null : found;
    assertStaffSecondFactor(request);
  });
});
