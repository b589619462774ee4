// Issue 31: a session ended through one process is ended for every process on the same PostgreSQL database at
// once: its refresh and access tokens are refused by the other process from the next request. (Both apps share
// this process's session cache; the notice that reaches separate processes is session-changes.test.ts's.)
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '#server/app.ts';
import { API, REFRESH_COOKIE, cookieHeader, expectStatus, loginRequest, pickCookie, registerUser } from '#tests/utils/accounts.ts';
import { testConfig } from '#tests/utils/test-app.ts';
import { createPostgresDatabase, type TestDatabase } from '#tests/utils/test-database.ts';

let database: TestDatabase;
let a: App;
let b: App;
beforeAll(async () => {
  database = await createPostgresDatabase();
  // One after the other: the first migrates, the second finds the database ready (as processes started in turn).
  a = await buildApp(testConfig({ database: database.database }));
  b = await buildApp(testConfig({ database: database.database }));
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await database?.drop();
});

it('a session ended on A: its refresh and its access token are refused on B at once', async () => {
  const ana = await registerUser(a, { name: 'Ana Dois Processos' });
  const signIn = await loginRequest(b, { email: ana.email, password: ana.password }, { remoteAddress: '198.51.100.30' });
  expectStatus(signIn, 200);
  const phone = cookieHeader(signIn);
  const sessions = `${API}/users/${ana.id}/sessions/`;
  const refreshOnB = (cookie: string) => b.inject({ method: 'POST', url: `${API}/users/auth/token/refresh/`, headers: { cookie: pickCookie(cookie, REFRESH_COOKIE) } });

  const refreshed = await refreshOnB(phone);
  expectStatus(refreshed, 200);
  const phoneNow = cookieHeader(refreshed);
  const phoneSession = (await b.inject({ url: sessions, headers: { cookie: phoneNow } })).json<{ id: string; current: boolean }[]>().find(({ current }) => current)!;

  expectStatus(await a.inject({ method: 'DELETE', url: `${sessions}${phoneSession.id}/`, headers: { cookie: ana.cookies } }), 204);
  expectStatus(await refreshOnB(phoneNow), 401);
  expectStatus(await b.inject({ url: sessions, headers: { cookie: phoneNow } }), 401);
  expect((await b.inject({ url: sessions, headers: { cookie: ana.cookies } })).json()).toHaveLength(1);
});
