// Refresh and logout (docs/v1-contract.md §1.5, §1.6, §2.1; docs/api.md "logout clears cookies only; refresh never revokes";
// docs/architecture.md §5: stored, rotated refresh tokens with a reuse grace window; reuse after it revokes the family).
import { eq, sql } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits, refreshTokens } from '#server/db/schema.ts';
import {
  ACCESS_COOKIE,
  API,
  REFRESH_COOKIE,
  cookieHeader,
  createMailingTestApp,
  expectStatus,
  lang,
  login,
  pickCookie,
  registerUser,
  sessionCookies,
  type InjectResponse,
  type MailingTestApp,
  type SignedInUser,
} from '#tests/utils/accounts.ts';
import { testConfig } from '#tests/utils/test-app.ts';

let t: MailingTestApp;
let user: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  user = await registerUser(t.app, { name: 'Sessao Teste' });
});
afterAll(() => t?.close());
// The same user signs in for most tests here: fresh login rate-limit counters for each.
beforeEach(async () => {
  await t.app.db.delete(rateLimits);
});

const REFRESH_URL = `${API}/users/auth/token/refresh/`;
const LOGOUT_URL = `${API}/users/auth/token/logout/`;
const TOKEN_INVALID = 'O token é inválido ou expirou';

/** A POST carries the JSON body `{}` (or `payload`); see the dedicated test for a POST without a body. */
const refresh = (method: 'GET' | 'POST', cookie?: string, acceptLanguage?: string, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method, url: REFRESH_URL, headers: { ...lang(acceptLanguage), ...(cookie ? { cookie } : {}) }, ...(method === 'POST' ? { payload } : {}) });
const logout = (method: 'GET' | 'POST', cookie?: string, acceptLanguage?: string) =>
  t.app.inject({ method, url: LOGOUT_URL, headers: { ...lang(acceptLanguage), ...(cookie ? { cookie } : {}) } });
const profile = (uid: string, cookie: string) => t.app.inject({ url: `${API}/users/${uid}/`, headers: { cookie } });

/** A fresh session of `user` (its own token family). */
const session = () => login(t.app, user.email, user.password);

function expectClearedCookies(response: InjectResponse) {
  const raw = ([] as string[]).concat((response.headers['set-cookie'] as string[] | undefined) ?? []);
  const access = raw.find((header) => header.startsWith(`${ACCESS_COOKIE}=;`));
  const refreshCookie = raw.find((header) => header.startsWith(`${REFRESH_COOKIE}=;`));
  expect(raw).toEqual(expect.arrayContaining([expect.stringMatching(`^${ACCESS_COOKIE}=;`), expect.stringMatching(`^${REFRESH_COOKIE}=;`)]));
  expect(access).toMatch(/Max-Age=0/);
  expect(access).toMatch(/Path=\/(;|$)/);
  expect(access).toMatch(/Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
  expect(access).toMatch(/SameSite=Lax/);
  expect(refreshCookie).toMatch(/Max-Age=0/);
  expect(refreshCookie).toMatch(/Path=\/api\/v1\/users\/auth\/token\/(;|$)/);
  expect(refreshCookie).toMatch(/Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
}

const jtiOf = (cookie: string) => String(decodeJwt(cookie.slice(cookie.indexOf('=') + 1)).jti);

describe('refresh', () => {
  it.each(['GET', 'POST'] as const)('%s rotates both cookies and answers the v1 expirations (refrash sic)', async (method) => {
    const mine = await session();
    const before = Date.now();
    const response = await refresh(method, mine.cookies);
    expectStatus(response, 200);
    const body = response.json();
    expect(Object.keys(body).toSorted()).toEqual(['accessTokenExpiration', 'refrashTokenExpiration']);
    const access = Date.parse(body.accessTokenExpiration);
    const refreshAt = Date.parse(body.refrashTokenExpiration);
    expect(body.accessTokenExpiration).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
    expect(Math.abs(access - before - 15 * 60_000)).toBeLessThan(5000);
    expect(Math.abs(refreshAt - before - 48 * 3600_000)).toBeLessThan(5000);

    const cookies = sessionCookies(response);
    expect(cookies[ACCESS_COOKIE]).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookies[REFRESH_COOKIE]).toMatchObject({ path: '/api/v1/users/auth/token/', httpOnly: true, sameSite: 'Lax' });
    expect(cookies[ACCESS_COOKIE]!.maxAge).toBeGreaterThanOrEqual(899);
    expect(cookies[REFRESH_COOKIE]!.maxAge).toBeGreaterThanOrEqual(172_799);
    expect(`${REFRESH_COOKIE}=${cookies[REFRESH_COOKIE]!.value}`).not.toBe(pickCookie(mine.cookies, REFRESH_COOKIE));
    expect(`${ACCESS_COOKIE}=${cookies[ACCESS_COOKIE]!.value}`).not.toBe(pickCookie(mine.cookies, ACCESS_COOKIE));
    expect(response.body).not.toContain(cookies[REFRESH_COOKIE]!.value);

    expect((await profile(user.id, cookieHeader(response))).statusCode).toBe(200);
  });

  // The client's refreshOnce() (src/app/lib/api-client.ts) sends exactly this: POST, cookies, no body, no Content-Type.
  it('POST without any body (as the client sends it) → 200', async () => {
    const mine = await session();
    const response = await t.app.inject({ method: 'POST', url: REFRESH_URL, headers: { cookie: mine.cookies } });
    expectStatus(response, 200);
    expect(sessionCookies(response)[REFRESH_COOKIE]).toBeDefined();
  });

  it('works with only the refresh cookie (as the browser sends it on its path), and with v1 POST body `refresh`', async () => {
    const mine = await session();
    const onlyRefresh = await refresh('GET', pickCookie(mine.cookies, REFRESH_COOKIE));
    expect(onlyRefresh.statusCode).toBe(200);
    const token = sessionCookies(onlyRefresh)[REFRESH_COOKIE]!.value;
    const viaBody = await refresh('POST', undefined, undefined, { refresh: token });
    expectStatus(viaBody, 200);
  });

  it('secure cookies when refreshed over HTTPS', async () => {
    const mine = await session();
    const response = await t.app.inject({ method: 'POST', url: REFRESH_URL, headers: { cookie: mine.cookies, 'x-forwarded-proto': 'https' }, payload: {} });
    expect(sessionCookies(response)[ACCESS_COOKIE]!.secure).toBe(true);
    expect(sessionCookies(response)[REFRESH_COOKIE]!.secure).toBe(true);
  });

  it.each([
    [undefined, 'Nenhum token de atualização válido encontrado.'],
    ['en-US', 'No valid refresh token found.'],
    ['es', 'No se encontró un token de actualización válido.'],
  ])('no refresh cookie → 401 (%s)', async (acceptLanguage, message) => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await refresh(method, undefined, acceptLanguage);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ errors: [message] });
    }
    // An access cookie alone is not a refresh token.
    const accessOnly = await refresh('POST', pickCookie(user.cookies, ACCESS_COOKIE), acceptLanguage);
    expect(accessOnly.json()).toEqual({ errors: [message] });
  });

  it.each([
    [undefined, TOKEN_INVALID],
    ['en-US', 'Token is invalid or expired'],
    ['es', 'El token no es válido o ha caducado'],
  ])('a garbage refresh cookie → 401 (%s) and the cookies are cleared', async (acceptLanguage, message) => {
    const response = await refresh('POST', `${REFRESH_COOKIE}=garbage.not.ajwt`, acceptLanguage);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errors: [message] });
    expectClearedCookies(response);
  });

  it('an access token presented as the refresh token → 401 (wrong type)', async () => {
    const access = pickCookie(user.cookies, ACCESS_COOKIE).split('=')[1]!;
    const response = await refresh('POST', `${REFRESH_COOKIE}=${access}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errors: [TOKEN_INVALID] });
  });

  it('an expired refresh token (stored expiry in the past) → 401', async () => {
    const mine = await session();
    await t.app.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(refreshTokens.id, jtiOf(pickCookie(mine.cookies, REFRESH_COOKIE))));
    const response = await refresh('POST', mine.cookies);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errors: [TOKEN_INVALID] });
  });

  it('a rotated token replayed within the 30 s grace window still works (concurrent tabs)', async () => {
    const mine = await session();
    const first = await refresh('POST', mine.cookies);
    const replay = await refresh('POST', mine.cookies);
    expect(first.statusCode).toBe(200);
    expectStatus(replay, 200);
    expect(sessionCookies(replay)[REFRESH_COOKIE]!.value).not.toBe(sessionCookies(first)[REFRESH_COOKIE]!.value);
    // Both tabs keep a working session.
    expect((await refresh('POST', cookieHeader(first))).statusCode).toBe(200);
    expect((await profile(user.id, cookieHeader(replay))).statusCode).toBe(200);
  });

  it('a rotated token replayed after the grace window revokes the whole family; other sessions stay', async () => {
    const other = await session();
    const mine = await session();
    const oldRefresh = pickCookie(mine.cookies, REFRESH_COOKIE);
    const rotated = await refresh('POST', mine.cookies);
    expect(rotated.statusCode).toBe(200);
    const newest = cookieHeader(rotated);

    // 60 s later (simulated): the rotation happened before the grace window.
    const updated = await t.app.db
      .update(refreshTokens)
      .set({ replacedAt: sql`now() - interval '60 seconds'` })
      .where(eq(refreshTokens.id, jtiOf(oldRefresh)))
      .returning({ id: refreshTokens.id });
    expect(updated).toHaveLength(1);

    const replay = await refresh('POST', oldRefresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ errors: [TOKEN_INVALID] });

    const newestRefresh = await refresh('POST', pickCookie(newest, REFRESH_COOKIE));
    expect(newestRefresh.statusCode).toBe(401);
    expect(newestRefresh.json()).toEqual({ errors: [TOKEN_INVALID] });

    const newestAccess = await profile(user.id, pickCookie(newest, ACCESS_COOKIE));
    expect(newestAccess.statusCode).toBe(401);
    expect(newestAccess.json()).toEqual({ errors: [TOKEN_INVALID] });
    const originalAccess = await profile(user.id, pickCookie(mine.cookies, ACCESS_COOKIE));
    expect(originalAccess.statusCode).toBe(401);

    expect((await profile(user.id, other.cookies)).statusCode).toBe(200);
    expect((await refresh('POST', other.cookies)).statusCode).toBe(200);
  });

  it('refresh ignores the access cookie (an invalid one does not matter)', async () => {
    const mine = await session();
    const response = await refresh('GET', `${ACCESS_COOKIE}=garbage; ${pickCookie(mine.cookies, REFRESH_COOKIE)}`);
    expect(response.statusCode).toBe(200);
  });

  it('PUT → 405 with Allow listing GET and POST', async () => {
    const response = await t.app.inject({ method: 'PUT', url: REFRESH_URL });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toMatch(/GET/);
    expect(response.headers.allow).toMatch(/POST/);
  });
});

describe('tokens that are not ours', () => {
  const key = new TextEncoder().encode(testConfig().secretKey!);
  const forge = (claims: Record<string, unknown>, options: { key?: Uint8Array; exp?: number; iss?: string; aud?: string } = {}) =>
    new SignJWT({ id: user.id, fid: crypto.randomUUID(), token_type: 'access', ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(options.iss ?? 'dosehub')
      .setAudience(options.aud ?? 'dosehub-api')
      .setJti(crypto.randomUUID())
      .setIssuedAt()
      .setExpirationTime(options.exp ?? Math.floor(Date.now() / 1000) + 600)
      .sign(options.key ?? key);

  it.each([
    ['expired', () => forge({}, { exp: Math.floor(Date.now() / 1000) - 10 })],
    ['signed with another key', () => forge({}, { key: new TextEncoder().encode('another-key-that-is-long-enough-0123456789') })],
    ['of another issuer', () => forge({}, { iss: 'someone-else' })],
    ['a refresh token used as access', async () => pickCookie(user.cookies, REFRESH_COOKIE).split('=')[1]!],
    ['unsigned (alg none)', async () => `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ id: user.id, token_type: 'access' })).toString('base64url')}.`],
  ])('an access cookie %s → 401 "token is invalid or expired"', async (_case, make) => {
    const response = await profile(user.id, `${ACCESS_COOKIE}=${await make()}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errors: [TOKEN_INVALID] });
  });
});

describe('logout', () => {
  it.each(['GET', 'POST'] as const)('%s: 200 {"detail": "Sessão encerrada."}, clears both cookies, and revokes the session server side', async (method) => {
    const other = await session();
    const mine = await session();
    const response = await logout(method, mine.cookies);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'Sessão encerrada.' });
    expectClearedCookies(response);

    const oldAccess = await profile(user.id, mine.cookies);
    expect(oldAccess.statusCode).toBe(401);
    expect(oldAccess.json()).toEqual({ errors: [TOKEN_INVALID] });
    const oldRefresh = await refresh('POST', mine.cookies);
    expect(oldRefresh.statusCode).toBe(401);
    expect(oldRefresh.json()).toEqual({ errors: [TOKEN_INVALID] });

    // Logging out again (old cookies, or none) is harmless.
    expect((await logout(method, mine.cookies)).statusCode).toBe(200);
    expect((await logout(method)).json()).toEqual({ detail: 'Sessão encerrada.' });

    // Only that session ended.
    expect((await profile(user.id, other.cookies)).statusCode).toBe(200);
  });

  it.each([
    ['en-US', 'Logout.'],
    ['es', 'Sesión cerrada.'],
  ])('is translated (%s)', async (acceptLanguage, detail) => {
    const response = await logout('POST', undefined, acceptLanguage);
    expect(response.json()).toEqual({ detail });
  });

  it('with only the refresh cookie (access expired), still revokes that session', async () => {
    const mine = await session();
    const response = await logout('POST', pickCookie(mine.cookies, REFRESH_COOKIE));
    expect(response.statusCode).toBe(200);
    expect((await profile(user.id, pickCookie(mine.cookies, ACCESS_COOKIE))).statusCode).toBe(401);
    expect((await refresh('POST', pickCookie(mine.cookies, REFRESH_COOKIE))).statusCode).toBe(401);
  });

  it('with an invalid access cookie → still 200 (DoseHub; v1 answered 401)', async () => {
    const response = await logout('GET', `${ACCESS_COOKIE}=garbage`);
    expect(response.statusCode).toBe(200);
    expectClearedCookies(response);
  });

  it('PUT → 405', async () => {
    const response = await t.app.inject({ method: 'PUT', url: LOGOUT_URL });
    expect(response.statusCode).toBe(405);
  });
});
