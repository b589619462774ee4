// Issue 17: every /api/v1/staff/… route, taken from the app's own route table (not a sample), refuses a clinician
// (403) and a signed-out caller (401), whatever the method, before it reads anything.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailingTestApp, expectStatus, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { verifiedUser } from '#tests/utils/calibrations.ts';
import { staffUser } from '#tests/utils/orders.ts';
import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema.ts';

let t: MailingTestApp;
let clinician: SignedInUser;
let passwordOnlyStaff: SignedInUser;
let staff: SignedInUser;

beforeAll(async () => {
  t = await createMailingTestApp();
  clinician = await verifiedUser(t, { name: 'Clara Clínica' });
  passwordOnlyStaff = await verifiedUser(t, { name: 'Paulo Senha' });
  await t.app.db.update(users).set({ isStaff: true }).where(eq(users.id, passwordOnlyStaff.id));
  staff = await staffUser(t);
});
afterAll(() => t?.close());

/** Each staff route and method, its parameters filled with fresh ids. */
function staffRequests() {
  return t.app
    .apiRoutes()
    .filter(({ url }) => url.startsWith('/api/v1/staff/'))
    .flatMap(({ url, methods }) => methods.filter((method) => method !== 'OPTIONS').map((method) => ({ method, url: url.replace(/:[a-z]+/gi, () => randomUUID()) })));
}

describe('the whole /staff/ route table is staff only', () => {
  it('covers every route of the back-office (the table is read from the app, and holds them all)', () => {
    const routes = new Set(staffRequests().map(({ method, url }) => `${method} ${url.replace(/[0-9a-f-]{36}/g, '{id}')}`));
    expect([...routes]).toEqual(
      expect.arrayContaining([
        'GET /api/v1/staff/users/',
        'GET /api/v1/staff/users/{id}/',
        'GET /api/v1/staff/orders/',
        'POST /api/v1/staff/orders/',
        'POST /api/v1/staff/orders/{id}/bill/',
        'POST /api/v1/staff/orders/{id}/confirm-payment/',
        'GET /api/v1/staff/quotes/',
        'GET /api/v1/staff/quotes/{id}/',
        'PATCH /api/v1/staff/quotes/{id}/',
        'GET /api/v1/staff/analyses/',
        'GET /api/v1/staff/analyses/{id}/',
        'POST /api/v1/staff/analyses/{id}/status/',
        'GET /api/v1/staff/signatures/',
        'POST /api/v1/staff/signatures/{id}/confirm-payment/',
        'POST /api/v1/staff/signatures/{id}/deactivate/',
        'POST /api/v1/staff/signatures/{id}/reactivate/',
        'GET /api/v1/staff/audit/',
      ]),
    );
  });

  it('a clinician gets 403 from every route and method', async () => {
    let checked = 0;
    for (const { method, url } of staffRequests()) {
      const response = await t.app.inject({ method: method as 'GET', url, headers: { cookie: clinician.cookies, 'accept-language': 'en-US' }, payload: method === 'GET' || method === 'HEAD' ? undefined : {} });
      checked += 1;
      expectStatus(response, 403, `${method} ${url}`);
    }
    expect(checked).toBeGreaterThanOrEqual(16);
  });

  it('signed out, every route and method answers 401', async () => {
    for (const { method, url } of staffRequests()) {
      const response = await t.app.inject({ method: method as 'GET', url, payload: method === 'GET' || method === 'HEAD' ? undefined : {} });
      expectStatus(response, 401, `${method} ${url}`);
    }
  });

  it('issue 31: a staff session signed in with the password alone gets 403 "second factor required" from every route and method', async () => {
    let checked = 0;
    for (const { method, url } of staffRequests()) {
      const payload = method === 'GET' || method === 'HEAD' ? undefined : {};
      const response = await t.app.inject({ method: method as 'GET', url, headers: { cookie: passwordOnlyStaff.cookies, 'accept-language': 'en-US' }, payload });
      checked += 1;
      expectStatus(response, 403, `${method} ${url}`);
      if (method !== 'HEAD') expect(response.json<{ errors: string[] }>().errors[0], `${method} ${url}`).toMatch(/^Second factor required/);
    }
    expect(checked).toBeGreaterThanOrEqual(16);
  });

  it('issue 31: the same routes let a staff session signed in with an authenticator code through (no 401 or 403)', async () => {
    for (const { method, url } of staffRequests()) {
      const payload = method === 'GET' || method === 'HEAD' ? undefined : {};
      const response = await t.app.inject({ method: method as 'GET', url, headers: { cookie: staff.cookies }, payload });
      expect([401, 403], `${method} ${url}: ${response.body}`).not.toContain(response.statusCode);
    }
  });
});
