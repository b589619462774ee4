// Issue 31: the passkey routes through `inject`, with a software authenticator (utils/software-authenticator.ts):
// adding, naming and removing passkeys, signing in with one (second step or alone), re-authenticating with one,
// and what is refused (another origin, a challenge used twice, another account's passkey).
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '#server/db/schema.ts';
import { startSession } from '#server/services/sessions.ts';
import {
  ACCESS_COOKIE,
  API,
  cookieHeader,
  createMailingTestApp,
  expectStatus,
  lang,
  registerUser,
  sessionCookies,
  uniqueIp,
  type InjectResponse,
  type MailingTestApp,
  type SignedInUser,
} from '#tests/utils/accounts.ts';
import { passwordStep, securityUrl } from '#tests/utils/second-factor.ts';
import { assertPasskey, createPasskey, type SoftwarePasskey } from '#tests/utils/software-authenticator.ts';

const HOST = 'dosehub.test';
const ORIGIN = `http://${HOST}`;
const host = { host: HOST };

let t: MailingTestApp;
beforeAll(async () => {
  t = await createMailingTestApp();
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.app.db.delete(rateLimits);
});

const challengeCookie = (response: InjectResponse) => {
  const cookie = response.cookies.find(({ name }) => name === 'webauthn-challenge');
  if (!cookie) throw new Error(`no webauthn-challenge cookie in ${response.statusCode}: ${response.body}`);
  return `webauthn-challenge=${cookie.value}`;
};
const amrOf = (response: InjectResponse) => decodeJwt(sessionCookies(response)[ACCESS_COOKIE]!.value).amr;
const post = (url: string, cookie: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...host, cookie, ...headers }, remoteAddress: uniqueIp(), ...(payload !== undefined && { payload: payload as object }) });

/** The creation options and their challenge cookie, for `user`. */
async function creationOptions(user: SignedInUser) {
  const response = await post(securityUrl(user.id, 'passkey-options/'), user.cookies);
  expectStatus(response, 200);
  return { options: response.json<Parameters<typeof createPasskey>[0]>(), cookie: challengeCookie(response) };
}

async function addPasskey(user: SignedInUser, name = 'Notebook'): Promise<SoftwarePasskey> {
  const { options, cookie } = await creationOptions(user);
  const { passkey, response } = createPasskey(options, ORIGIN);
  const added = await post(securityUrl(user.id, 'passkeys/'), `${user.cookies}; ${cookie}`, { name, response });
  expectStatus(added, 201);
  return passkey;
}

/** Request options (and their cookie) for a sign-in, after the password step when `signInChallenge` is given. */
async function requestOptions(signInChallenge = '') {
  const response = await post(`${API}/users/login/passkey/options/`, signInChallenge);
  expectStatus(response, 200);
  return { options: response.json<{ challenge: string; allowCredentials?: { id: string }[] }>(), cookie: challengeCookie(response) };
}

const signInWith = (body: unknown, cookie: string, headers: Record<string, string> = {}) => post(`${API}/users/login/passkey/`, cookie, { response: body }, headers);

describe('adding passkeys', () => {
  let ana: SignedInUser;
  beforeAll(async () => {
    ana = await registerUser(t.app, { name: 'Ana Chave' });
  });

  it('creation options ask for a discoverable, user-verified credential of this site, the challenge in an HttpOnly cookie', async () => {
    const response = await post(securityUrl(ana.id, 'passkey-options/'), ana.cookies);
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({
      rp: { id: HOST, name: 'DoseHub' },
      user: { name: ana.email },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    expect(response.cookies.find(({ name }) => name === 'webauthn-challenge')).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/users/' });
  });

  it('a passkey created for the challenge is kept under its name, listed on the Security page, and upgrades the session', async () => {
    const { options, cookie } = await creationOptions(ana);
    const { response } = createPasskey(options, ORIGIN);
    const added = await post(securityUrl(ana.id, 'passkeys/'), `${ana.cookies}; ${cookie}`, { name: '  Notebook  ', response });
    expectStatus(added, 201);
    expect(added.json()).toMatchObject({ id: response.id, name: 'Notebook', lastUsedAt: null });
    expect(amrOf(added)).toEqual(['pwd', 'hwk']);
    const security = await t.app.inject({ method: 'GET', url: securityUrl(ana.id), headers: { cookie: ana.cookies } });
    expect(security.json<{ passkeys: { id: string; name: string }[] }>().passkeys).toEqual([expect.objectContaining({ id: response.id, name: 'Notebook' })]);
  });

  it('the creation options exclude the passkeys the user already has', async () => {
    const { options } = await creationOptions(ana);
    expect((options as unknown as { excludeCredentials: unknown[] }).excludeCredentials).toHaveLength(1);
  });

  it('a passkey created on another origin is refused, naming the field, in the request language', async () => {
    const { options, cookie } = await creationOptions(ana);
    const { response } = createPasskey(options, 'https://dosehub.evil.example');
    const refused = await post(securityUrl(ana.id, 'passkeys/'), `${ana.cookies}; ${cookie}`, { name: 'Phished', response }, lang('en-US'));
    expectStatus(refused, 400);
    expect(refused.json()).toEqual({ errors: [expect.stringMatching(/^response: /)] });
  });

  it('the same creation answer twice: the second is refused', async () => {
    const { options, cookie } = await creationOptions(ana);
    const { response } = createPasskey(options, ORIGIN);
    expectStatus(await post(securityUrl(ana.id, 'passkeys/'), `${ana.cookies}; ${cookie}`, { name: 'Tablet', response }), 201);
    expectStatus(await t.app.inject({ method: 'DELETE', url: securityUrl(ana.id, `passkeys/${response.id}/`), headers: { cookie: ana.cookies } }), 204);
    expectStatus(await post(securityUrl(ana.id, 'passkeys/'), `${ana.cookies}; ${cookie}`, { name: 'Tablet', response }), 400);
  });

  it('without a name: 400 naming the field', async () => {
    const { options, cookie } = await creationOptions(ana);
    const { response } = createPasskey(options, ORIGIN);
    const refused = await post(securityUrl(ana.id, 'passkeys/'), `${ana.cookies}; ${cookie}`, { name: ' ', response }, lang('en-US'));
    expectStatus(refused, 400);
    expect(refused.json<{ errors: string[] }>().errors[0]).toMatch(/^name: /);
  });
});

it('a staff account without a second factor reaches /staff once it adds a passkey (the session is upgraded)', async () => {
  const tiago = await registerUser(t.app, { name: 'Tiago Equipe' });
  await t.app.db.execute(sql`UPDATE users SET is_staff = true WHERE id = ${tiago.id}`);
  const staffUsers = (cookie: string) => t.app.inject({ url: `${API}/staff/users/`, headers: { cookie } });
  expectStatus(await staffUsers(tiago.cookies), 403);
  const { options, cookie } = await creationOptions(tiago);
  const added = await post(securityUrl(tiago.id, 'passkeys/'), `${tiago.cookies}; ${cookie}`, { name: 'Notebook', response: createPasskey(options, ORIGIN).response });
  expectStatus(added, 201);
  expectStatus(await staffUsers(cookieHeader(added)), 200);
});

describe('renaming and removing', () => {
  let bia: SignedInUser;
  let passkey: SoftwarePasskey;
  beforeAll(async () => {
    bia = await registerUser(t.app, { name: 'Bia Chave' });
    passkey = await addPasskey(bia, 'Celular');
  });

  it('a passkey is renamed', async () => {
    const renamed = await t.app.inject({ method: 'PATCH', url: securityUrl(bia.id, `passkeys/${passkey.id}/`), headers: { cookie: bia.cookies }, payload: { name: 'Celular da clínica' } });
    expectStatus(renamed, 200);
    expect(renamed.json()).toMatchObject({ id: passkey.id, name: 'Celular da clínica' });
  });

  it("another user's passkey is neither renamed nor removed (404)", async () => {
    const other = await registerUser(t.app);
    const url = securityUrl(other.id, `passkeys/${passkey.id}/`);
    expectStatus(await t.app.inject({ method: 'PATCH', url, headers: { cookie: other.cookies }, payload: { name: 'Meu' } }), 404);
    expectStatus(await t.app.inject({ method: 'DELETE', url, headers: { cookie: other.cookies } }), 404);
  });

  it('a removed passkey no longer signs in', async () => {
    const removed = await t.app.inject({ method: 'DELETE', url: securityUrl(bia.id, `passkeys/${passkey.id}/`), headers: { cookie: bia.cookies } });
    expectStatus(removed, 204);
    const { options, cookie } = await requestOptions();
    expectStatus(await signInWith(assertPasskey(passkey, options.challenge, ORIGIN), cookie), 400);
  });
});

describe('signing in with a passkey', () => {
  let carla: SignedInUser;
  let passkey: SoftwarePasskey;
  beforeAll(async () => {
    carla = await registerUser(t.app, { name: 'Carla Chave' });
    passkey = await addPasskey(carla);
  });

  it('alone (discoverable): options name no credential; the session says ["hwk"]', async () => {
    const { options, cookie } = await requestOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    const response = await signInWith(assertPasskey(passkey, options.challenge, ORIGIN), cookie);
    expectStatus(response, 200);
    expect(response.json()).toEqual({ id: carla.id, isStaff: false });
    expect(amrOf(response)).toEqual(['hwk']);
  });

  it('as the second step: the password answers 202 offering the passkey, the options name it, the session says ["pwd","hwk"]', async () => {
    const signInChallenge = await passwordStep(t.app, carla);
    const { options, cookie } = await requestOptions(signInChallenge);
    expect(options.allowCredentials?.map(({ id }) => id)).toEqual([passkey.id]);
    const response = await signInWith(assertPasskey(passkey, options.challenge, ORIGIN), `${signInChallenge}; ${cookie}`);
    expectStatus(response, 200);
    expect(amrOf(response)).toEqual(['pwd', 'hwk']);
  });

  it('an assertion made on another origin is refused', async () => {
    const { options, cookie } = await requestOptions();
    const response = await signInWith(assertPasskey(passkey, options.challenge, 'https://dosehub.evil.example'), cookie, lang('en-US'));
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors: [expect.stringMatching(/^response: /)] });
  });

  it('an assertion for another challenge is refused', async () => {
    const { cookie } = await requestOptions();
    const { options: other } = await requestOptions();
    expectStatus(await signInWith(assertPasskey(passkey, other.challenge, ORIGIN), cookie), 400);
  });

  it('a challenge used once is refused the second time (replay)', async () => {
    const { options, cookie } = await requestOptions();
    const assertion = assertPasskey(passkey, options.challenge, ORIGIN);
    expectStatus(await signInWith(assertion, cookie), 200);
    const replay = await signInWith(assertion, cookie);
    expectStatus(replay, 400);
    expect(sessionCookies(replay)).toEqual({});
  });

  it("a creation challenge does not sign in", async () => {
    const { options, cookie } = await creationOptions(carla);
    expectStatus(await signInWith(assertPasskey(passkey, options.challenge, ORIGIN), cookie), 400);
  });
});

describe('re-authenticating with a passkey', () => {
  let dora: SignedInUser;
  let passkey: SoftwarePasskey;
  let stale: string;
  beforeAll(async () => {
    dora = await registerUser(t.app, { name: 'Dora Chave' });
    passkey = await addPasskey(dora);
    const authTime = Math.floor(Date.now() / 1000) - 6 * 60;
    const tokens = await startSession(t.app.db, t.app.signingKey, dora.id, { amr: ['pwd'], authTime }, { userAgent: null, ipAddress: '127.0.0.1' });
    stale = `jwt-access-token=${tokens.access}; jwt-refresh-token=${tokens.refresh}`;
  });

  const reauthOptions = async (cookie: string) => {
    const response = await post(`${API}/users/${dora.id}/reauthenticate/passkey-options/`, cookie);
    expectStatus(response, 200);
    return { options: response.json<{ challenge: string; allowCredentials: { id: string }[] }>(), cookie: challengeCookie(response) };
  };

  it("the user's passkey renews the session: auth_time now, amr with hwk; the change then goes through", async () => {
    const { options, cookie } = await reauthOptions(stale);
    expect(options.allowCredentials.map(({ id }) => id)).toEqual([passkey.id]);
    const response = await post(`${API}/users/${dora.id}/reauthenticate/passkey/`, `${stale}; ${cookie}`, { response: assertPasskey(passkey, options.challenge, ORIGIN) });
    expectStatus(response, 204);
    const claims = decodeJwt(sessionCookies(response)[ACCESS_COOKIE]!.value);
    expect(claims.amr).toEqual(['pwd', 'hwk']);
    expect(Math.floor(Date.now() / 1000) - Number(claims.auth_time)).toBeLessThan(5);
    const renewed = `jwt-access-token=${sessionCookies(response)[ACCESS_COOKIE]!.value}`;
    expectStatus(await post(securityUrl(dora.id, 'passkey-options/'), renewed), 200);
  });

  it("another account's passkey does not re-authenticate this one", async () => {
    const eva = await registerUser(t.app, { name: 'Eva Chave' });
    const evas = await addPasskey(eva);
    const { options, cookie } = await reauthOptions(stale);
    const response = await post(`${API}/users/${dora.id}/reauthenticate/passkey/`, `${stale}; ${cookie}`, { response: assertPasskey(evas, options.challenge, ORIGIN) }, lang('en-US'));
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors: [expect.stringMatching(/^response: /)] });
  });

  it('a sign-in challenge does not re-authenticate, nor does a replayed one', async () => {
    const signIn = await requestOptions();
    const wrongPurpose = await post(`${API}/users/${dora.id}/reauthenticate/passkey/`, `${stale}; ${signIn.cookie}`, { response: assertPasskey(passkey, signIn.options.challenge, ORIGIN) });
    expectStatus(wrongPurpose, 400);
    const { options, cookie } = await reauthOptions(stale);
    const body = { response: assertPasskey(passkey, options.challenge, ORIGIN) };
    expectStatus(await post(`${API}/users/${dora.id}/reauthenticate/passkey/`, `${stale}; ${cookie}`, body), 204);
    expectStatus(await post(`${API}/users/${dora.id}/reauthenticate/passkey/`, `${stale}; ${cookie}`, body), 400);
  });

  it('signed out: 401', async () => {
    expectStatus(await post(`${API}/users/${dora.id}/reauthenticate/passkey-options/`, ''), 401);
  });
});
