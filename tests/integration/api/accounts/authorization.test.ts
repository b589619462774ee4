// Every /users/{uid}/… route serves only its own user (docs/v1-contract.md §0 "order of checks", §2.3; docs/architecture.md §5).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import {
  ACCESS_COOKIE,
  API,
  PASSWORD,
  createMailingTestApp,
  expectStatus,
  lang,
  loginRequest,
  pickCookie,
  registerUser,
  uniqueEmail,
  type MailingTestApp,
  type SignedInUser,
} from '#tests/utils/accounts.ts';

let t: MailingTestApp;
let alice: SignedInUser;
let bob: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  alice = await registerUser(t.app, { name: 'Alice Souza', phone: '+55 11 98765-4321' });
  bob = await registerUser(t.app, { name: 'Bob Lima', phone: '+55 21 2361-2766', cpf: '529.982.247-25', clinic: 'Clínica B', role: 'médico' });
});
afterAll(() => t?.close());

type Method = 'GET' | 'PATCH' | 'POST';
interface Route {
  method: Method;
  path: (uid: string) => string;
  /** A body the route would accept from its owner. */
  body?: () => Record<string, unknown>;
}

const ROUTES: Route[] = [
  { method: 'GET', path: (uid) => `${API}/users/${uid}/` },
  { method: 'PATCH', path: (uid) => `${API}/users/${uid}/`, body: () => ({ name: 'Intruso Total', cpf: '' }) },
  { method: 'GET', path: (uid) => `${API}/users/${uid}/email/` },
  { method: 'PATCH', path: (uid) => `${API}/users/${uid}/email/`, body: () => ({ email: uniqueEmail('hijack') }) },
  { method: 'POST', path: (uid) => `${API}/users/${uid}/email/resend/` },
  { method: 'GET', path: (uid) => `${API}/users/${uid}/phone/` },
  { method: 'PATCH', path: (uid) => `${API}/users/${uid}/phone/`, body: () => ({ phone: '+55 31 99999-0000' }) },
  { method: 'POST', path: (uid) => `${API}/users/${uid}/change_password/`, body: () => ({ oldPassword: PASSWORD, newPassword1: 'Hijacked-Pass-77', newPassword2: 'Hijacked-Pass-77' }) },
];
const label = (route: Route) => `${route.method} ${route.path('{uid}').replace(API, '')}`;

function call(route: Route, uid: string, headers: Record<string, string> = {}, body = route.body?.()) {
  return t.app.inject({ method: route.method, url: route.path(uid), headers, ...(body !== undefined ? { payload: body } : {}) });
}

/** Everything an intruder could have changed on `user`, read with the user's own cookie. */
async function snapshot(user: SignedInUser) {
  const read = async (suffix: string) => (await t.app.inject({ url: `${API}/users/${user.id}/${suffix}`, headers: { cookie: user.cookies } })).json();
  return { profile: await read(''), email: await read('email/'), phone: await read('phone/') };
}

describe('without a session', () => {
  it.each(ROUTES.map((route) => [label(route), route] as const))('%s → 401 "credentials were not provided"', async (_label, route) => {
    const response = await call(route, alice.id);
    expectStatus(response, 401);
    expect(response.json()).toEqual({ errors: ['As credenciais de autenticação não foram fornecidas.'] });
  });

  it.each([
    ['en-US', 'Authentication credentials were not provided.'],
    ['es', 'No se proporcionaron las credenciales de autenticación.'],
  ])('is translated (%s)', async (acceptLanguage, message) => {
    for (const route of [ROUTES[0]!, ROUTES[7]!]) {
      const response = await call(route, alice.id, lang(acceptLanguage));
      expect(response.json()).toEqual({ errors: [message] });
    }
  });

  it('an Authorization: Bearer header is ignored (v1 reads only the cookie)', async () => {
    const access = pickCookie(alice.cookies, ACCESS_COOKIE).split('=')[1]!;
    const response = await t.app.inject({ url: `${API}/users/${alice.id}/`, headers: { authorization: `Bearer ${access}` } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errors: ['As credenciais de autenticação não foram fornecidas.'] });
  });

  // docs/v1-contract.md §0: authentication runs first; a body is validated only for an authenticated owner.
  it('authentication comes before body validation: an empty or invalid body without a session → 401, not 400', async () => {
    const failures: string[] = [];
    for (const route of ROUTES.filter((r) => r.method !== 'GET')) {
      for (const body of [{}, { name: 1, email: 'x', phone: 'x', oldPassword: 1 }]) {
        const response = await call(route, alice.id, {}, body);
        if (response.statusCode !== 401) failures.push(`${label(route)} ${JSON.stringify(body)} → ${response.statusCode} ${response.body}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('with an invalid session cookie', () => {
  it.each(ROUTES.map((route) => [label(route), route] as const))('%s → 401 "token is invalid or expired"', async (_label, route) => {
    const response = await call(route, alice.id, { cookie: `${ACCESS_COOKIE}=not-a-token` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errors: ['O token é inválido ou expirou'] });
  });

  it.each([
    ['en-US', 'Token is invalid or expired'],
    ['es', 'El token no es válido o ha caducado'],
  ])('is translated (%s)', async (acceptLanguage, message) => {
    const response = await call(ROUTES[0]!, alice.id, { cookie: `${ACCESS_COOKIE}=not-a-token`, ...lang(acceptLanguage) });
    expect(response.json()).toEqual({ errors: [message] });
  });

  it('the cookie of a user that no longer exists → 401', async () => {
    const gone = await registerUser(t.app, { name: 'Gone User' });
    await t.app.db.delete(users).where(eq(users.id, gone.id));
    const response = await t.app.inject({ url: `${API}/users/${gone.id}/`, headers: { cookie: gone.cookies } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errors: ['O token é inválido ou expirou'] });
  });
});

describe("another user's uid (IDOR)", () => {
  it("every route refuses Alice's cookie on Bob's uid with 401 \"token and user ID do not match\", and Bob's data is unchanged", async () => {
    const before = await snapshot(bob);
    await t.app.mailQueue.idle();
    const mailsBefore = t.smtp.messagesTo(bob.email).length;
    for (const route of ROUTES) {
      const response = await call(route, bob.id, { cookie: alice.cookies });
      expectStatus(response, 401, `${label(route)}: ${response.body}`);
      expect(response.json()).toEqual({ errors: ['O token e o ID do usuário não correspondem.'] });
    }
    expect(await snapshot(bob)).toEqual(before);
    expect(before.profile).toMatchObject({ name: 'Bob Lima', cpf: '529.982.247-25', phone: '+552123612766' });
    // No resend or change mail went to Bob, and his password is still his.
    await t.app.mailQueue.idle();
    expect(t.smtp.messagesTo(bob.email)).toHaveLength(mailsBefore);
    expect((await loginRequest(t.app, { email: bob.email, password: PASSWORD })).statusCode).toBe(200);
    // And Alice's own session still works.
    expect((await call(ROUTES[0]!, alice.id, { cookie: alice.cookies })).statusCode).toBe(200);
  });

  it.each([
    ['en-US', 'Token and user ID do not match.'],
    ['es', 'El token y el ID de usuario no coinciden.'],
  ])('is translated (%s; v1 froze it in pt-BR)', async (acceptLanguage, message) => {
    for (const route of [ROUTES[0]!, ROUTES[1]!]) {
      const response = await call(route, bob.id, { cookie: alice.cookies, ...lang(acceptLanguage) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ errors: [message] });
    }
  });

  it('the ownership check also comes before body validation (no field errors about another user\'s resource)', async () => {
    const response = await call(ROUTES[7]!, bob.id, { cookie: alice.cookies }, {});
    expectStatus(response, 401);
    expect(response.json()).toEqual({ errors: ['O token e o ID do usuário não correspondem.'] });
  });
});
