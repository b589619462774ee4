// POST /api/v1/users/login/ (docs/v1-contract.md §1.4, §2.2; docs/architecture.md §5 rate limits).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits, users } from '#server/db/schema.ts';
import {
  ACCESS_COOKIE,
  API,
  REFRESH_COOKIE,
  cookieHeader,
  createMailingTestApp,
  expectStatus,
  lang,
  loginRequest,
  registerUser,
  sessionCookies,
  uniqueEmail,
  uniqueIp,
  type MailingTestApp,
  type SignedInUser,
} from '#tests/utils/accounts.ts';

let t: MailingTestApp;
let ana: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  ana = await registerUser(t.app, { name: 'Ana Login' });
});
afterAll(() => t?.close());
// Every test starts with fresh rate-limit counters (ana signs in many times in this file).
beforeEach(async () => {
  await t.app.db.delete(rateLimits);
});

const INVALID = {
  'pt-BR': 'Impossível fazer login com as credenciais fornecidas.',
  'en-US': 'Unable to log in with provided credentials.',
  es: 'No es posible iniciar sesión con las credenciales proporcionadas.',
};

describe('success', () => {
  it('200 {id, isStaff}, both v1 cookies, and the access cookie authenticates (e-mail not yet verified)', async () => {
    const response = await loginRequest(t.app, { email: ana.email, password: ana.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: ana.id, isStaff: false });
    const cookies = sessionCookies(response);
    expect(cookies[ACCESS_COOKIE]).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookies[ACCESS_COOKIE]!.maxAge).toBeGreaterThanOrEqual(899);
    expect(cookies[ACCESS_COOKIE]!.maxAge).toBeLessThanOrEqual(901);
    expect(cookies[REFRESH_COOKIE]).toMatchObject({ path: '/api/v1/users/auth/token/', httpOnly: true, sameSite: 'Lax' });
    expect(cookies[REFRESH_COOKIE]!.maxAge).toBeGreaterThanOrEqual(172_799);
    expect(cookies[REFRESH_COOKIE]!.maxAge).toBeLessThanOrEqual(172_801);
    expect(cookies[ACCESS_COOKIE]!.secure).toBeFalsy();
    expect(response.body).not.toContain(cookies[ACCESS_COOKIE]!.value);

    const profile = await t.app.inject({ url: `${API}/users/${ana.id}/`, headers: { cookie: cookieHeader(response) } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().name).toBe('Ana Login');
  });

  it('each login is a session of its own (different cookies)', async () => {
    const first = await loginRequest(t.app, { email: ana.email, password: ana.password });
    const second = await loginRequest(t.app, { email: ana.email, password: ana.password });
    expect(sessionCookies(first)[REFRESH_COOKIE]!.value).not.toBe(sessionCookies(second)[REFRESH_COOKIE]!.value);
    expect(sessionCookies(first)[ACCESS_COOKIE]!.value).not.toBe(sessionCookies(second)[ACCESS_COOKIE]!.value);
  });

  it('Secure cookies over HTTPS (x-forwarded-proto)', async () => {
    const response = await loginRequest(t.app, { email: ana.email, password: ana.password }, { headers: { 'x-forwarded-proto': 'https' } });
    expect(sessionCookies(response)[ACCESS_COOKIE]!.secure).toBe(true);
    expect(sessionCookies(response)[REFRESH_COOKIE]!.secure).toBe(true);
  });

  it('`username` works as the e-mail (v1 dj-rest-auth), in any letter case, snake or camel keys', async () => {
    const byUsername = await loginRequest(t.app, { username: ana.email, password: ana.password });
    expect(byUsername.statusCode).toBe(200);
    expect(byUsername.json()).toEqual({ id: ana.id, isStaff: false });
    const upper = await loginRequest(t.app, { email: `  ${ana.email.toUpperCase()} `, password: ana.password });
    expect(upper.statusCode).toBe(200);
  });

  it('remembers the language of the login for later mails', async () => {
    await loginRequest(t.app, { email: ana.email, password: ana.password }, { headers: lang('es') });
    const [row] = await t.app.db.select({ language: users.language }).from(users).where(eq(users.id, ana.id));
    expect(row!.language).toBe('es');
    await loginRequest(t.app, { email: ana.email, password: ana.password }, { headers: lang('en-US') });
    const [after] = await t.app.db.select({ language: users.language }).from(users).where(eq(users.id, ana.id));
    expect(after!.language).toBe('en-US');
  });

  it('ignores an invalid access cookie (DoseHub: login does not authenticate; v1 answered 401)', async () => {
    const response = await loginRequest(t.app, { email: ana.email, password: ana.password }, { headers: { cookie: `${ACCESS_COOKIE}=garbage` } });
    expect(response.statusCode).toBe(200);
  });
});

describe('failures', () => {
  it.each([
    [undefined, INVALID['pt-BR']],
    ['en-US', INVALID['en-US']],
    ['es', INVALID.es],
  ])('a wrong password and an unknown e-mail get the same 400 (%s), and no cookies', async (acceptLanguage, message) => {
    const wrong = await loginRequest(t.app, { email: ana.email, password: 'Not-the-password-1' }, { headers: lang(acceptLanguage) });
    const unknown = await loginRequest(t.app, { email: uniqueEmail('nobody'), password: ana.password }, { headers: lang(acceptLanguage) });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: [message] });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('neither e-mail nor username → the credentials error', async () => {
    const response = await loginRequest(t.app, { password: ana.password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [INVALID['pt-BR']] });
  });

  it.each([
    [undefined, 'password: Este campo é obrigatório.'],
    ['en-US', 'password: This field is required.'],
    ['es', 'password: Este campo es obligatorio.'],
  ])('a missing or empty password (%s)', async (acceptLanguage, message) => {
    for (const body of [{ email: ana.email }, { email: ana.email, password: '' }]) {
      const response = await loginRequest(t.app, body, { headers: lang(acceptLanguage) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: [message] });
    }
  });

  // docs/v1-contract.md §1.4: 400 "email: Enter a valid email address." when `email` is malformed (not an docs/api.md deviation).
  it('a malformed e-mail → the e-mail field error, as v1', async () => {
    const response = await loginRequest(t.app, { email: 'not-an-email', password: ana.password }, { headers: lang('en-US') });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['email: Enter a valid email address.'] });
  });

  it('a body that is not JSON → 415 (no text/plain parser)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/users/login/`,
      headers: { 'content-type': 'text/plain' },
      payload: `{"email":"${ana.email}","password":"${ana.password}"}`,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ errors: ['Tipo de conteúdo não suportado.'] });
  });
});

describe('rate limits', () => {
  it('the 11th attempt for one e-mail within 15 min → 429 with Retry-After, even with the right password and from new addresses; other e-mails are unaffected', async () => {
    const bea = await registerUser(t.app, { name: 'Bea Limite' });
    for (let attempt = 1; attempt <= 10; attempt++) {
      const email = attempt % 2 ? bea.email : bea.email.toUpperCase();
      const response = await loginRequest(t.app, { email, password: 'Wrong-password-9' });
      expectStatus(response, 400, `attempt ${attempt}`);
    }
    for (const [acceptLanguage, message] of [
      // Issue 31: told when to retry (the minutes of Retry-After, rounded up).
      [undefined, /^Muitas tentativas de entrar\. Tente novamente em 1[45] min\.$/],
      ['en-US', /^Too many sign-in attempts\. Try again in 1[45] min\.$/],
      ['es', /^Demasiados intentos de inicio de sesión\. Inténtelo de nuevo en 1[45] min\.$/],
    ] as const) {
      const limited = await loginRequest(t.app, { email: bea.email, password: bea.password }, { headers: lang(acceptLanguage) });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ errors: [expect.stringMatching(message)] });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect(limited.headers['set-cookie']).toBeUndefined();
    }
    // `username` is the same account.
    expect((await loginRequest(t.app, { username: bea.email, password: bea.password })).statusCode).toBe(429);

    const other = await loginRequest(t.app, { email: ana.email, password: ana.password });
    expect(other.statusCode).toBe(200);
  });

  it('the 31st attempt from one address within 15 min → 429, whatever the e-mail', async () => {
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 30; attempt++) {
      const response = await loginRequest(t.app, { email: uniqueEmail('spray'), password: 'Wrong-password-9' }, { remoteAddress: ip });
      expectStatus(response, 400, `attempt ${attempt}`);
    }
    const limited = await loginRequest(t.app, { email: ana.email, password: ana.password }, { remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Behind the proxy (trustProxy), the client address comes from X-Forwarded-For.
    const forwarded = await loginRequest(t.app, { email: ana.email, password: ana.password }, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': ip } });
    expect(forwarded.statusCode).toBe(429);
    const elsewhere = await loginRequest(t.app, { email: ana.email, password: ana.password });
    expect(elsewhere.statusCode).toBe(200);
  });
});
