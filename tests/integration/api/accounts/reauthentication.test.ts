// Issue 31 item 5: the e-mail, the password and the second factors change only within 5 minutes of a sign-in;
// an older session answers 403 with `WWW-Authenticate: DoseHub-Reauth`, and the password again renews it.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '#server/db/schema.ts';
import { RECENT_SIGN_IN_SECONDS, startSession } from '#server/services/sessions.ts';
import {
  ACCESS_COOKIE,
  API,
  PASSWORD,
  cookieHeader,
  createMailingTestApp,
  expectStatus,
  lang,
  registerUser,
  sessionCookies,
  uniqueEmail,
  uniqueIp,
  type MailingTestApp,
  type SignedInUser,
} from '#tests/utils/accounts.ts';
import { securityUrl } from '#tests/utils/second-factor.ts';

let t: MailingTestApp;
beforeAll(async () => {
  t = await createMailingTestApp();
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.app.db.delete(rateLimits);
});

/** A session of `user` whose password sign-in was 6 minutes ago (its tokens are otherwise valid). */
async function signedInSixMinutesAgo(user: SignedInUser): Promise<string> {
  const authTime = Math.floor(Date.now() / 1000) - 6 * 60;
  const tokens = await startSession(t.app.db, t.app.signingKey, user.id, { amr: ['pwd'], authTime }, { userAgent: null, ipAddress: '127.0.0.1' });
  return `jwt-access-token=${tokens.access}; jwt-refresh-token=${tokens.refresh}`;
}

const reauthenticate = (user: SignedInUser, cookie: string, password: string, headers: Record<string, string> = {}, remoteAddress = uniqueIp()) =>
  t.app.inject({ method: 'POST', url: `${API}/users/${user.id}/reauthenticate/`, headers: { cookie, ...headers }, payload: { password }, remoteAddress });

const NEW_PASSWORD = 'Outra-senha-2025!';
const changes: [string, 'POST' | 'PATCH' | 'DELETE', (uid: string) => string, Record<string, unknown> | undefined][] = [
  ['the e-mail', 'PATCH', (uid) => `${API}/users/${uid}/email/`, { email: 'nova.ana@example.com' }],
  ['the password', 'POST', (uid) => `${API}/users/${uid}/change_password/`, { oldPassword: PASSWORD, newPassword1: NEW_PASSWORD, newPassword2: NEW_PASSWORD }],
  ['starting an authenticator', 'POST', (uid) => securityUrl(uid, 'totp/'), undefined],
  ['confirming an authenticator', 'POST', (uid) => securityUrl(uid, 'totp/confirm/'), { code: '123456' }],
  ['removing the authenticator', 'DELETE', (uid) => securityUrl(uid, 'totp/'), undefined],
  ['new recovery codes', 'POST', (uid) => securityUrl(uid, 'recovery-codes/'), undefined],
  ['passkey options', 'POST', (uid) => securityUrl(uid, 'passkey-options/'), undefined],
  ['adding a passkey', 'POST', (uid) => securityUrl(uid, 'passkeys/'), { name: 'Laptop', response: { id: 'x' } }],
  ['removing a passkey', 'DELETE', (uid) => securityUrl(uid, 'passkeys/some-passkey/'), undefined],
];

describe('a session signed in more than 5 minutes ago', () => {
  let ana: SignedInUser;
  let stale: string;
  beforeAll(async () => {
    ana = await registerUser(t.app, { name: 'Ana Antiga' });
    stale = await signedInSixMinutesAgo(ana);
  });

  it.each(changes)('%s → 403 with WWW-Authenticate: DoseHub-Reauth, in the request language', async (_change, method, url, payload) => {
    const response = await t.app.inject({ method, url: url(ana.id), headers: { cookie: stale, ...lang('en-US') }, ...(payload && { payload }) });
    expectStatus(response, 403);
    expect(response.headers['www-authenticate']).toBe(`DoseHub-Reauth max-age=${RECENT_SIGN_IN_SECONDS}`);
    expect(response.json()).toEqual({
      errors: ['For your security, confirm your password to make this change (the last sign-in was more than 5 minutes ago).'],
    });
  });

  it('the same e-mail again is no change: it goes through', async () => {
    const response = await t.app.inject({ method: 'PATCH', url: `${API}/users/${ana.id}/email/`, headers: { cookie: stale }, payload: { email: ana.email.toUpperCase() } });
    expect(response.statusCode).toBeLessThan(300);
  });

  it('the message is in pt-BR by default and in es on request', async () => {
    const url = securityUrl(ana.id, 'totp/');
    const ptBR = await t.app.inject({ method: 'POST', url, headers: { cookie: stale } });
    expect(ptBR.json()).toEqual({ errors: ['Por segurança, confirme sua senha para fazer esta alteração (a última entrada foi há mais de 5 minutos).'] });
    const es = await t.app.inject({ method: 'POST', url, headers: { cookie: stale, ...lang('es') } });
    expect(es.json()).toEqual({ errors: ['Por seguridad, confirme su contraseña para hacer este cambio (el último inicio de sesión fue hace más de 5 minutos).'] });
  });
});

describe('the API document', () => {
  type Operation = { responses: Record<string, { headers?: Record<string, unknown> }> };
  it.each([
    ['patch', '/api/v1/users/{uid}/email/'],
    ['post', '/api/v1/users/{uid}/change_password/'],
    ['post', '/api/v1/users/{uid}/security/totp/confirm/'],
    ['delete', '/api/v1/users/{uid}/security/passkeys/{pid}/'],
  ])('%s %s documents the 403 with its WWW-Authenticate header', (method, path) => {
    const paths = (t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> }).paths;
    expect(paths[path]?.[method]?.responses['403']?.headers).toHaveProperty('WWW-Authenticate');
  });
});

describe('POST /users/{uid}/reauthenticate/', () => {
  it('the password renews the same session (same family and amr, auth_time now), and the changes go through', async () => {
    const bia = await registerUser(t.app, { name: 'Bia Renovada', email: uniqueEmail('bia') });
    const stale = await signedInSixMinutesAgo(bia);
    const before = decodeJwt(stale.split(/;\s*/)[0]!.slice(`${ACCESS_COOKIE}=`.length));
    const response = await reauthenticate(bia, stale, bia.password);
    expectStatus(response, 204);
    const after = decodeJwt(sessionCookies(response)[ACCESS_COOKIE]!.value);
    expect(after).toMatchObject({ fid: before.fid, amr: ['pwd'] });
    expect(Math.abs(Number(after.auth_time) - Date.now() / 1000)).toBeLessThan(5);
    const fresh = cookieHeader(response);

    const email = uniqueEmail('bia.nova');
    expect((await t.app.inject({ method: 'PATCH', url: `${API}/users/${bia.id}/email/`, headers: { cookie: fresh }, payload: { email } })).statusCode).toBeLessThan(300);
    expectStatus(await t.app.inject({ method: 'POST', url: securityUrl(bia.id, 'totp/'), headers: { cookie: fresh } }), 200);
    const password = { oldPassword: bia.password, newPassword1: NEW_PASSWORD, newPassword2: NEW_PASSWORD };
    expectStatus(await t.app.inject({ method: 'POST', url: `${API}/users/${bia.id}/change_password/`, headers: { cookie: fresh }, payload: password }), 200);
  });

  it('a wrong password → 400 naming the field, and each attempt counts toward the sign-in limit (429 after 10)', async () => {
    const caio = await registerUser(t.app, { name: 'Caio Errado', email: uniqueEmail('caio') });
    const stale = await signedInSixMinutesAgo(caio);
    const wrong = await reauthenticate(caio, stale, 'Not-my-password-1', lang('en-US'));
    expectStatus(wrong, 400);
    expect(wrong.json()).toEqual({ errors: ['password: The password is not correct.'] });
    expect(sessionCookies(wrong)).toEqual({});
    for (let attempt = 2; attempt <= 10; attempt++) expectStatus(await reauthenticate(caio, stale, 'Not-my-password-1'), 400);
    const limited = await reauthenticate(caio, stale, caio.password, lang('en-US'));
    expectStatus(limited, 429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('another user’s uid → 401, as every /users/{uid}/ route', async () => {
    const dora = await registerUser(t.app, { name: 'Dora Outra', email: uniqueEmail('dora') });
    const eva = await registerUser(t.app, { name: 'Eva Alheia', email: uniqueEmail('eva') });
    expectStatus(await reauthenticate(dora, eva.cookies, eva.password), 401);
  });
});
