// Issue 35: each process keeps its session checks a few seconds (services/session-cache.ts). A change committed
// elsewhere — another process, an operator's SQL — still ends the session: the database tells every process
// (migration 0024's triggers), and the next requests are refused. Runs on PGlite and, under TEST_DB=postgres, on
// PostgreSQL, where the notice arrives on the process's listening connection.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { refreshTokens, users } from '#server/db/schema.ts';
import { ACCOUNT_DELETED_HEADER, ACCOUNT_DELETED_VALUE } from '#shared/account-deleted.ts';
import { API, registerUser, type SignedInUser } from '#tests/utils/accounts.ts';
import { createTestApp, type TestApp } from '#tests/utils/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const profile = (user: SignedInUser) => t.app.inject({ url: `${API}/users/${user.id}/`, headers: { cookie: user.cookies } });

/** The profile's status once it is not 200 any more, polled for up to 2 s (the notice crosses a connection). */
async function statusOnceRefused(user: SignedInUser) {
  const deadline = Date.now() + 2000;
  for (;;) {
    const response = await profile(user);
    if (response.statusCode !== 200 || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('a session revoked by SQL outside the app is refused from then on', async () => {
  const ana = await registerUser(t.app, { name: 'Ana Revogada' });
  expect((await profile(ana)).statusCode).toBe(200);
  expect((await profile(ana)).statusCode).toBe(200);

  await t.app.db.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.userId, ana.id));

  expect((await statusOnceRefused(ana)).statusCode).toBe(401);
  expect((await profile(ana)).statusCode).toBe(401);
});

it('an account marked deleted by SQL outside the app answers the deleted account 401', async () => {
  const bia = await registerUser(t.app, { name: 'Bia Apagada' });
  expect((await profile(bia)).statusCode).toBe(200);

  await t.app.db.update(users).set({ deletedAt: sql`now()` }).where(eq(users.id, bia.id));

  const refused = await statusOnceRefused(bia);
  expect(refused.statusCode).toBe(401);
  expect(refused.headers[ACCOUNT_DELETED_HEADER.toLowerCase()]).toBe(ACCOUNT_DELETED_VALUE);
});
