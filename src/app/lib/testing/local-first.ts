/**
 * Test helpers for the local-first engine (used only by *.test.ts(x) files): a fresh local database,
 * a fake Web Locks manager shared by several "tabs", and a fake API answering from a table.
 */
import { vi } from 'vitest';
import { openUserDatabase, wipeDatabase, type OutboxRow, type StoredFile } from '../db.ts';
import type { Answered, Deferred } from '../sync/decisions.ts';
import type { LockManagerLike } from '../sync/drainer.ts';
import { installWriteKinds, nothing, readAnswer, type SendContext, type WriteKind } from '../sync/write-kinds.ts';

export const TEST_USER = '0193a2b4-0000-7000-8000-000000000001';
export const OTHER_USER = '0193a2b4-0000-7000-8000-000000000002';

/** Deletes the local database and opens it for `userId` (when given). */
export async function resetLocalDatabase(userId: string | null = TEST_USER) {
  await wipeDatabase();
  if (userId) await openUserDatabase(userId);
}

/** Web Locks' `ifAvailable` semantics for any number of drainers ("tabs") sharing it; counts grants and refusals. */
export function fakeLocks() {
  const held = new Set<string>();
  const stats = { granted: 0, refused: 0 };
  const locks: LockManagerLike = {
    async request(name, _options, callback) {
      if (held.has(name)) {
        stats.refused += 1;
        return callback(null);
      }
      held.add(name);
      stats.granted += 1;
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
  return { locks, stats };
}

export interface FakeReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeCall {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

/** "METHOD /path/" (without /api/v1 and the query) → a reply, a function giving one, or an Error to throw (network failure). */
export type FakeRoutes = Record<string, FakeReply | Error | ((call: FakeCall, count: number) => FakeReply | Error | Promise<FakeReply | Error>)>;

/** A stand-in for `fetch`: install with `vi.stubGlobal('fetch', api.fetch)`. Unknown routes answer 404. */
export function fakeApi(routes: FakeRoutes) {
  const calls: FakeCall[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call: FakeCall = { method, path, search: url.search, headers: new Headers(init.headers), body, credentials: init.credentials };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    const count = calls.filter((c) => c.method === method && c.path === path).length;
    const reply = typeof route === 'function' ? await route(call, count) : (route ?? { status: 404, body: { errors: ['Não encontrado.'] } });
    if (reply instanceof Error) throw reply;
    const status = reply.status ?? 200;
    return new Response(status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  };
  const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
  return { fetch, calls, callsTo };
}

/** `fakeApi(routes)` installed as this test's `fetch` (vitest restores it with `vi.unstubAllGlobals`). */
export function serveFakeApi(routes: FakeRoutes) {
  const api = fakeApi(routes);
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

export const networkError = () => new TypeError('Failed to fetch');

// ---- Write kinds --------------------------------------------------------------------------------------

type TestDelivery = Response | Answered | Deferred;

const testKinds: Record<string, WriteKind> = {};

/**
 * Tests: one more write kind beside the others the test installed (`method` POST unless given). `send` may
 * give the raw `Response`: it is read as a kind without a typed answer would read it.
 */
export function installTestKind<P>(
  kind: string,
  send: (row: OutboxRow<P>, files: StoredFile[], context: SendContext) => Promise<TestDelivery>,
  options: Partial<Omit<WriteKind<P>, 'send'>> = {},
) {
  const entry: WriteKind<P> = {
    method: 'POST',
    ...options,
    send: async (row, files, context) => {
      const delivery = await send(row, files, context);
      return delivery instanceof Response ? readAnswer(delivery, nothing) : delivery;
    },
  };
  testKinds[kind] = entry as WriteKind;
  const undo = installWriteKinds({ ...testKinds });
  return () => {
    if (testKinds[kind] === entry) delete testKinds[kind];
    undo();
    installWriteKinds({ ...testKinds });
  };
}

/** Tests: an answer without a body, as a fake sender gives it. */
export const answered = (status: number): Answered =>
  status >= 200 && status < 300 ? { type: 'accepted', status, answer: null } : { type: 'refused', status, retryAfter: null, problems: [] };
