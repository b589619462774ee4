/**
 * Test helper (used only by this feature's *.test.tsx): a stand-in for `fetch` that answers the
 * account API from a table and records every call. Install it with `vi.stubGlobal('fetch', api.fetch)`.
 */

import { fakeApi, type FakeReply } from '#app/lib/testing/local-first.ts';
export type { FakeReply };


/** "METHOD /path/" (without /api/v1) → a reply, or a function of the parsed body giving one. */
export type FakeRoutes = Record<string, FakeReply | ((body: unknown, call: number) => FakeReply)>;

export const TEST_USER_ID = '6ac468f8-32a0-4cb4-8530-434d41052cea';
export const USER_PATH = `/users/${TEST_USER_ID}/`;

/** The app's fake API (`#app/lib/testing/local-first.ts`), with routes that look only at the request body. */
export function fakeAccountApi(routes: FakeRoutes) {
  return fakeApi(
    Object.fromEntries(
      Object.entries(routes).map(([route, reply]) => [route, typeof reply === 'function' ? (call: { body: unknown }, count: number) => reply(call.body, count) : reply]),
    ),
  );
}

/** The three GETs of a typical account: unformatted values, to prove the screens format them. */
export function accountRoutes(overrides: { verified?: boolean; phone?: string; cpf?: string; cnpj?: string; billed?: ('cpf' | 'cnpj')[] } = {}): FakeRoutes {
  const email = 'maria.silva@example.com';
  const phone = overrides.phone ?? '+5511987654321';
  return {
    [`GET ${USER_PATH}`]: {
      body: {
        name: 'Maria Silva',
        email,
        phone,
        role: 'Física médica',
        clinic: 'Clínica Nuclear SP',
        cpf: overrides.cpf ?? '93743851121',
        cnpj: overrides.cnpj ?? '',
        ...(overrides.billed && { billed: overrides.billed }),
      },
    },
    [`GET ${USER_PATH}email/`]: { body: { email, verified: overrides.verified ?? true } },
    [`GET ${USER_PATH}phone/`]: { body: { phone } },
    // Issue 30: every version in force accepted, so the dashboard's consent gate lets the panels through.
    [`GET ${USER_PATH}consents/`]: { body: { current: { terms: '2026-11-28', privacy: '2026-11-28' }, pending: [], history: [] } },
  };
}
