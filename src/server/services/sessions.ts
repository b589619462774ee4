import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, notExists } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../db/client.ts';
import { refreshTokens, users } from '../db/schema.ts';
import { removeSessionSubscriptions } from './push-subscriptions.ts';
import { cachedCheck, checkGeneration, forgetSession, keepCheck, type SessionCheck } from './session-cache.ts';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 48 * 60 * 60;
/** A refresh token replayed this soon after its rotation (concurrent tabs, a retried request) still works. */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

const ISSUER = 'dosehub';
const AUDIENCE = 'dosehub-api';

type TokenType = 'access' | 'refresh';

export interface SessionTokens {
  access: string;
  refresh: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
}

/**
 * How a session was signed in, the tokens' `amr` claim (RFC 8176 names): a password, then an authenticator
 * code (`otp`) or a passkey (`hwk`); a passkey alone is `["hwk"]`.
 */
export const AUTH_METHODS = ['pwd', 'otp', 'hwk'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

/** How and when (`auth_time`, unix seconds) the session last proved who its user is; refreshes keep both. */
export interface SessionAuth {
  amr: AuthMethod[];
  authTime: number;
}

export const hasSecondFactor = (amr: readonly AuthMethod[]) => amr.includes('otp') || amr.includes('hwk');

/** Changing the e-mail, the password or the second factors needs a sign-in (or re-authentication) this recent. */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

export const signedInRecently = (auth: SessionAuth) => Math.floor(Date.now() / 1000) - auth.authTime <= RECENT_SIGN_IN_SECONDS;

/** A sign-in that just happened. */
export const authenticatedNow = (amr: AuthMethod[]): SessionAuth => ({ amr, authTime: Math.floor(Date.now() / 1000) });

/** Who asked for a token: shown in the user's list of signed-in devices. */
export interface Device {
  userAgent: string | null;
  ipAddress: string;
}

export interface AccessClaims extends SessionAuth {
  userId: string;
  familyId: string;
}

const isAuthMethods = (value: unknown): value is AuthMethod[] =>
  Array.isArray(value) && value.length > 0 && value.every((method) => (AUTH_METHODS as readonly unknown[]).includes(method));

async function sign(key: Uint8Array, type: TokenType, claims: Record<string, unknown>, jti: string, seconds: number) {
  return new SignJWT({ ...claims, token_type: type })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .sign(key);
}

async function verify(key: Uint8Array, token: string, type: TokenType) {
  const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
  if (payload.token_type !== type || typeof payload.id !== 'string' || typeof payload.fid !== 'string' || !payload.jti) {
    throw new Error('wrong token type');
  }
  // Tokens issued before the claims existed were password sign-ins.
  const amr = isAuthMethods(payload.amr) ? payload.amr : (['pwd'] as AuthMethod[]);
  const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : (payload.iat ?? 0);
  return { userId: payload.id, familyId: payload.fid, jti: payload.jti, amr, authTime, expiresAtMs: (payload.exp ?? 0) * 1000 };
}

async function issue(db: Db, key: Uint8Array, userId: string, familyId: string, auth: SessionAuth, device: Device): Promise<SessionTokens> {
  const jti = randomUUID();
  const accessExpiresAt = new Date(Date.now() + ACCESS_TOKEN_SECONDS * 1000);
  const refreshExpiresAt = new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000);
  await db.insert(refreshTokens).values({ id: jti, familyId, userId, expiresAt: refreshExpiresAt, ...device });
  const claims = { id: userId, fid: familyId, amr: auth.amr, auth_time: auth.authTime };
  return {
    access: await sign(key, 'access', claims, randomUUID(), ACCESS_TOKEN_SECONDS),
    refresh: await sign(key, 'refresh', claims, jti, REFRESH_TOKEN_SECONDS),
    accessExpiresAt,
    refreshExpiresAt,
  };
}

/** A login: a new token family. */
export const startSession = (db: Db, key: Uint8Array, userId: string, auth: SessionAuth, device: Device) =>
  issue(db, key, userId, randomUUID(), auth, device);

/** The same session (family) proved itself again, e.g. with a first authenticator code: new tokens saying so. */
export const reauthenticateSession = (db: Db, key: Uint8Array, userId: string, familyId: string, auth: SessionAuth, device: Device) =>
  issue(db, key, userId, familyId, auth, device);

export type RefreshOutcome = { ok: true; tokens: SessionTokens } | { ok: false; accountDeleted?: true };

/** True when the token's user deleted the account (its row stays, pseudonymous, while kept bills need it). */
async function isDeletedAccount(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
  return Boolean(row?.deletedAt);
}

/**
 * Rotates a refresh token. Within the grace window a replayed token rotates again; after it, the replay
 * revokes the whole family (a stolen token), and every session in it ends.
 */
export async function refreshSession(db: Db, key: Uint8Array, token: string, device: Device): Promise<RefreshOutcome> {
  let claims: Awaited<ReturnType<typeof verify>>;
  try {
    claims = await verify(key, token, 'refresh');
  } catch {
    return { ok: false };
  }
  if (await isDeletedAccount(db, claims.userId)) return { ok: false, accountDeleted: true };
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, claims.jti));
  if (!row || row.revokedAt || row.expiresAt <= new Date() || row.userId !== claims.userId) return { ok: false };
  const newJti = randomUUID();
  const claimed = await db
    .update(refreshTokens)
    .set({ replacedBy: newJti, replacedAt: new Date() })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.replacedBy), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    const [current] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, row.id));
    const withinGrace =
      current?.replacedAt && Date.now() - current.replacedAt.getTime() <= REFRESH_REUSE_GRACE_SECONDS * 1000;
    if (!withinGrace || current?.revokedAt) {
      await revokeFamily(db, row.familyId);
      return { ok: false };
    }
  }
  return { ok: true, tokens: await issue(db, key, row.userId, row.familyId, { amr: claims.amr, authTime: claims.authTime }, device) };
}

/** Ends a session (a token family); the Web Push subscriptions it registered go with it. */
export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  forgetSession(familyId);
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  await removeSessionSubscriptions(db, familyId);
}

/** True once a session (token family) was revoked: logout, password change or reset, a replayed refresh token. */
export async function isSessionRevoked(db: Db, familyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNotNull(refreshTokens.revokedAt)))
    .limit(1);
  return row !== undefined;
}

/** Ends every session of a user, or every one but `keepFamilyId` (the one changing its password). */
export async function revokeUserSessions(db: Db, userId: string, keepFamilyId?: string): Promise<void> {
  const families = await db
    .selectDistinct({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  for (const { familyId } of families) {
    if (familyId !== keepFamilyId) await revokeFamily(db, familyId);
  }
}

/** The family a refresh token belongs to, if it is one of ours (for logout). */
export async function familyOfRefreshToken(key: Uint8Array, token: string): Promise<string | null> {
  try {
    return (await verify(key, token, 'refresh')).familyId;
  } catch {
    return null;
  }
}

export interface SessionUser extends SessionAuth {
  id: string;
  isStaff: boolean;
  emailVerified: boolean;
  familyId: string;
}

/** An access or refresh token whose user deleted the account (issue 30): the client wipes its local data. */
export const ACCOUNT_DELETED = 'deleted' as const;

/**
 * Access tokens whose signature this process checked (per signing key), kept until they expire: the HMAC through
 * WebCrypto was a fifth of a signed-in read's CPU (issue 35). A token is immutable; its expiry is checked again.
 */
const verifiedAccessTokens = new WeakMap<Uint8Array, Map<string, { claims: AccessClaims; expiresAtMs: number }>>();
const MAX_VERIFIED_TOKENS = 20_000;

async function verifyAccess(key: Uint8Array, token: string): Promise<AccessClaims | null> {
  let verified = verifiedAccessTokens.get(key);
  if (!verified) verifiedAccessTokens.set(key, (verified = new Map()));
  const known = verified.get(token);
  if (known && known.expiresAtMs > Date.now()) return known.claims;
  verified.delete(token);
  let claims: Awaited<ReturnType<typeof verify>>;
  try {
    claims = await verify(key, token, 'access');
  } catch {
    return null;
  }
  if (verified.size >= MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
  verified.set(token, { claims, expiresAtMs: claims.expiresAtMs });
  return claims;
}

/** The user behind an access token, or null when the token is invalid, expired, or its session was revoked. */
export async function authenticate(db: Db, key: Uint8Array, token: string): Promise<SessionUser | typeof ACCOUNT_DELETED | null> {
  const claims = await verifyAccess(key, token);
  if (!claims) return null;
  const check = await checkSession(db, claims);
  if (check.kind === 'ended') return null;
  if (check.kind === 'deleted') return ACCOUNT_DELETED;
  const { userId, familyId, amr, authTime } = claims;
  return { id: userId, isStaff: check.isStaff, emailVerified: check.emailVerified, familyId, amr, authTime };
}

/** The session's state: kept by the process a few seconds (session-cache.ts), else one query. */
async function checkSession(db: Db, { userId, familyId }: AccessClaims): Promise<SessionCheck> {
  const cached = cachedCheck(familyId, userId);
  if (cached) return cached;
  const generation = checkGeneration();
  const revoked = db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNotNull(refreshTokens.revokedAt)));
  const [user] = await db
    .select({ isStaff: users.isStaff, emailVerifiedAt: users.emailVerifiedAt, deletedAt: users.deletedAt })
    .from(users)
    .where(and(eq(users.id, userId), notExists(revoked)));
  const check: SessionCheck = !user
    ? { kind: 'ended' }
    : user.deletedAt
      ? { kind: 'deleted' }
      : { kind: 'live', isStaff: user.isStaff, emailVerified: user.emailVerifiedAt !== null };
  keepCheck(familyId, userId, check, generation);
  return check;
}
