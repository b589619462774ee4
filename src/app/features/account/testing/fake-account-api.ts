/**
 * Test helper (used only by this feature's *.test.tsx): a stand-in for `fetch` that answers the
 * account API from a table and records every call. Install it with `vi.stubGlobal('fetch', api.fetch)`.
 */
export interface FakeReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

/** "METHOD /path/" (without /api/v1) → a reply, or a function of the parsed body giving one. */
export type FakeRoutes = Record<string, FakeReply | ((body: unknown, call: number) => FakeReply)>;

export const TEST_USER_ID = '6ac468f8-32a0-4cb4-8530-434d41052cea';
export const USER_PATH = `/users/${TEST_USER_ID}/`;

export function fakeAccountApi(routes: FakeRoutes) {
  const calls: FakeCall[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const route = routes[`${method} ${path}`];
    const count = calls.filter((c) => c.method === method && c.path === path).length;
    const reply = typeof route === 'function' ? route(body, count) : (route ?? { status: 404, body: { errors: ['Não encontrado.'] } });
    const status = reply.status ?? 200;
    return new Response(status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  };
  const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
  return { fetch, calls, callsTo };
}

/** The three GETs of a typical account: unformatted values, to prove the screens format them. */
export function accountRoutes(overrides: { verified?: boolean; phone?: string; cpf?: string; cnpj?: string } = {}): FakeRoutes {
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
      },
    },
    [`GET ${USER_PATH}email/`]: { body: { email, verified: overrides.verified ?? true } },
    [`GET ${USER_PATH}phone/`]: { body: { phone } },
  };
}
