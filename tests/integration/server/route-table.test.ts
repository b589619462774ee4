/**
 * Rules every route keeps, checked over the app's own route table and OpenAPI document (so a new route is
 * covered): a method the route does not have is 405 with Allow whatever the headers; a query parameter the
 * route's query schema does not name is refused; a HEAD error has no body and so no Content-Type.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureStaffAccount } from '#server/services/staff-account.ts';
import { API, login, registerUser, uniqueEmail, type SignedInUser } from '#tests/utils/accounts.ts';
import { rawExchange } from '#tests/utils/raw-http.ts';
import { enrolTotp } from '#tests/utils/second-factor.ts';
import { createTestApp, type TestApp } from '#tests/utils/test-app.ts';

const UNSAFE = ['POST', 'PUT', 'PATCH', 'DELETE'];

let t: TestApp;
let user: SignedInUser;
let staff: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  const account = await ensureStaffAccount(t.app.db, 'route-table-staff@dosehub.test');
  // Staff routes need a second factor (issue 31): the staff account enrols an authenticator first.
  staff = await enrolTotp(t.app, await login(t.app, account!.email, account!.password));
  user = await registerUser(t.app);
}, 120_000);
afterAll(() => t?.close());

/** A route pattern (`:name` or `{name}`) with the caller's uid and fresh UUIDs for the other parameters. */
const fill = (pattern: string, uid: string) =>
  pattern.replace(/:([a-zA-Z]+)|\{([a-zA-Z]+)\}/g, (_, colon?: string, brace?: string) => ((colon ?? brace) === 'uid' ? uid : randomUUID())).replace(/\*$/, 'x');

describe('a method the route does not have → 405 with Allow, whatever the Idempotency-Key', () => {
  /** A key already used for a stored answer, by an anonymous caller and by the user (the key's two scopes). */
  const usedKey = `used-${randomUUID()}`;
  beforeAll(async () => {
    const contact = (cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/contact/`,
        headers: { 'idempotency-key': usedKey, ...(cookie ? { cookie } : {}) },
        payload: { fullName: 'Ana', email: uniqueEmail(), role: 'física', clinic: 'Sol', phone: '+5511987654321', subject: 'Oi', message: 'Olá' },
      });
    expect((await contact()).statusCode).toBe(204);
    expect((await contact(user.cookies)).statusCode).toBe(204);
  });

  it.each(['PATCH', 'PUT', 'DELETE'])('%s /users/login/ and /users/register/ (which also match /users/{uid}/) with a used key → 405, Allow: POST', async (method) => {
    for (const path of ['login', 'register']) {
      const response = await t.app.inject({ method: method as 'PATCH', url: `${API}/users/${path}/`, headers: { 'idempotency-key': usedKey }, payload: {} });
      expect({ path, status: response.statusCode, allow: response.headers.allow }).toEqual({ path, status: 405, allow: 'POST' });
    }
  });

  it('every route, every unsafe method it lacks, signed in or not, with a used key → 405 with the route\'s methods in Allow', async () => {
    const problems: string[] = [];
    for (const route of t.app.apiRoutes()) {
      for (const method of UNSAFE.filter((m) => !route.methods.includes(m))) {
        for (const cookie of [undefined, user.cookies]) {
          const url = fill(route.url, user.id);
          const response = await t.app.inject({ method: method as 'POST', url, headers: { 'idempotency-key': usedKey, ...(cookie ? { cookie } : {}) }, payload: {} });
          const allow = String(response.headers.allow ?? '').split(', ');
          if (response.statusCode !== 405 || !route.methods.every((m) => allow.includes(m))) {
            problems.push(`${method} ${url} (${cookie ? 'signed in' : 'anonymous'}) → ${response.statusCode} Allow: ${response.headers.allow} ${response.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('a query parameter the route does not name → 400 naming it, on every GET route with a query', () => {
  it('each GET operation of the document with query parameters refuses ?x=42 beside its own', async () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>> };
    const withQuery = Object.entries(document.paths).filter(([, operations]) => operations.get?.parameters?.some((parameter) => parameter.in === 'query'));
    expect(withQuery.map(([path]) => path)).toContain('/api/v1/users/{uid}/notifications/');
    const problems: string[] = [];
    for (const [path] of withQuery) {
      const caller = path.startsWith('/api/v1/staff/') ? staff : user;
      const url = `${fill(path, caller.id)}?x=42`;
      for (const [language, unknown] of [['pt-BR', 'Campos desconhecidos: x.'], ['en', 'Unknown fields: x.'], ['es', 'Campos desconocidos: x.']] as const) {
        const response = await t.app.inject({ url, headers: { cookie: caller.cookies, 'accept-language': language } });
        const errors = response.statusCode === 400 ? response.json<{ errors: string[] }>().errors : [];
        if (!errors.some((error) => error.includes(unknown))) problems.push(`GET ${url} (${language}) → ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('a HEAD error has no body and no Content-Type (tus clients read HEAD)', () => {
  it('HEAD /uploads/{id}/ refused: 401 without a session, 404 for an unknown upload; over a socket and through inject', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const url = `${API}/uploads/${randomUUID()}/`;
    for (const [cookie, status] of [[undefined, 401], [user.cookies, 404]] as const) {
      const headers = `Host: dosehub.test\r\nTus-Resumable: 1.0.0\r\nConnection: close\r\n${cookie ? `Cookie: ${cookie}\r\n` : ''}`;
      const raw = await rawExchange(port, `HEAD ${url} HTTP/1.1\r\n${headers}\r\n`);
      expect({ status: raw.status, type: raw.headers['content-type'], body: raw.body }).toEqual({ status, type: undefined, body: '' });
      const injected = await t.app.inject({ method: 'HEAD', url, headers: { 'tus-resumable': '1.0.0', ...(cookie ? { cookie } : {}) } });
      expect({ status: injected.statusCode, type: injected.headers['content-type'], body: injected.body }).toEqual({ status, type: undefined, body: '' });
    }
  });

  it('every route with HEAD, refused (no session, a bad query, an unknown id, the router\'s 400 and 414) → no Content-Type', async () => {
    const problems: string[] = [];
    for (const route of t.app.apiRoutes().filter(({ methods }) => methods.includes('HEAD'))) {
      const urls = [fill(route.url, user.id), `${fill(route.url, randomUUID())}?x=42`, fill(route.url, 'not-a-uuid'), fill(route.url, '%zz'), fill(route.url, 'a'.repeat(150))];
      for (const url of urls) {
        const response = await t.app.inject({ method: 'HEAD', url });
        if (response.statusCode >= 400 && (response.headers['content-type'] !== undefined || response.body !== '')) {
          problems.push(`HEAD ${url} → ${response.statusCode} ${String(response.headers['content-type'])} ${JSON.stringify(response.body)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
