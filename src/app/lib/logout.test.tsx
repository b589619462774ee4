import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestQueryClient, renderWithProviders, setupI18n } from '#tests/utils/render.tsx';
import { db, getDatabaseUser, localWrite, type NotificationRecord } from './db.ts';
import { requestLogout, type LogoutAsker } from './logout.ts';
import { QUERY_CACHE_STORAGE_KEY } from './query-client.ts';
import { readAuthState, saveAuthState } from './session.ts';
import { changeRow, enqueue, queueScope, rowCount } from './sync/outbox.ts';
import { sendOutboxRequest } from './sync/write-kinds.ts';
import { TEST_USER, fakeApi, resetLocalDatabase, installTestKind } from './testing/local-first.ts';

const note: NotificationRecord = { id: 'n1', message: 'Pagamento confirmado.', kind: 'success', checked: true, createdAt: '2026-11-22T12:00:00Z' };
let undo: () => void;

function serve() {
  const api = fakeApi({
    'POST /users/auth/token/logout/': { status: 200, body: { detail: 'ok' } },
    'POST /things/n1/': { status: 204 },
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

async function signedInWithData(unsent: Array<'pending' | 'failed'>) {
  saveAuthState({ id: TEST_USER, isStaff: false });
  await resetLocalDatabase(TEST_USER);
  await db.notifications.put(note);
  for (const state of unsent) {
    const row = await localWrite(queueScope(), (tx) => enqueue(tx, { kind: 'thing.check', entityId: 'n1', payload: {} }));
    await changeRow(row.seq!, { state });
  }
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(['account', TEST_USER, 'profile'], { name: 'Maria' });
  // A persisted cache of this build, as the app's persister writes it (another build's would be dropped on start).
  localStorage.setItem(
    QUERY_CACHE_STORAGE_KEY,
    JSON.stringify({ buster: __BUILD_ID__, timestamp: Date.now(), clientState: { queries: [], mutations: [] } }),
  );
  return queryClient;
}

function expectEverythingKept(queryClient: ReturnType<typeof createTestQueryClient>) {
  expect(readAuthState()).toEqual({ id: TEST_USER, isStaff: false });
  expect(getDatabaseUser()).toBe(TEST_USER);
  expect(queryClient.getQueryData(['account', TEST_USER, 'profile'])).toEqual({ name: 'Maria' });
  expect(localStorage.getItem(QUERY_CACHE_STORAGE_KEY)).not.toBeNull();
}

async function expectEverythingGone(queryClient: ReturnType<typeof createTestQueryClient>) {
  expect(readAuthState()).toBeNull();
  expect(getDatabaseUser()).toBeNull();
  expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  expect(localStorage.getItem(QUERY_CACHE_STORAGE_KEY)).toBeNull();
  expect(await db.notifications.count()).toBe(0);
  expect(await rowCount()).toBe(0);
  expect(await db.meta.count()).toBe(0);
}

beforeAll(() => setupI18n('pt-BR'));
beforeEach(() => {
  undo = installTestKind('thing.check', (row, _files, context) => sendOutboxRequest(row, `/things/${row.entityId}/`, { method: 'POST', body: {} }, context));
});
afterEach(() => {
  undo();
  vi.unstubAllGlobals();
});

describe('requestLogout (docs/architecture.md §4: a shared computer keeps nothing)', () => {
  it('with nothing unsent: asks nothing, ends the server session, clears the database, the query cache and its persisted copy', async () => {
    const api = serve();
    const queryClient = await signedInWithData([]);
    const ask = vi.fn<LogoutAsker>();
    expect(await requestLogout(queryClient, { ask })).toBe(true);
    expect(ask).not.toHaveBeenCalled();
    expect(api.callsTo('POST', '/users/auth/token/logout/')).toHaveLength(1);
    await expectEverythingGone(queryClient);
  });

  it('with unsent writes: shows their count first; closing the question keeps everything', async () => {
    serve();
    const queryClient = await signedInWithData(['pending', 'failed']);
    const ask = vi.fn<LogoutAsker>(async () => 'cancel');
    expect(await requestLogout(queryClient, { ask })).toBe(false);
    expect(ask).toHaveBeenCalledWith({ total: 2, problems: 1 });
    expectEverythingKept(queryClient);
    expect(await rowCount()).toBe(2);
  });

  it('"wait" keeps the session and sends the writes now', async () => {
    const api = serve();
    const queryClient = await signedInWithData(['pending']);
    expect(await requestLogout(queryClient, { ask: async () => 'wait' })).toBe(false);
    await waitFor(() => expect(api.callsTo('POST', '/things/n1/')).toHaveLength(1));
    expect(api.callsTo('POST', '/users/auth/token/logout/')).toHaveLength(0);
    expectEverythingKept(queryClient);
  });

  it('"discard" drops the unsent writes and logs out', async () => {
    const api = serve();
    const queryClient = await signedInWithData(['pending', 'failed']);
    expect(await requestLogout(queryClient, { ask: async () => 'discard' })).toBe(true);
    expect(api.callsTo('POST', '/things/n1/')).toHaveLength(0);
    await expectEverythingGone(queryClient);
  });

  it('asks in a dialog: the count, then "Descartar e sair"', async () => {
    serve();
    const queryClient = await signedInWithData(['pending', 'failed', 'pending']);
    await renderWithProviders(<p />, { queryClient });
    const loggedOut = requestLogout(queryClient);
    const dialog = await screen.findByRole('dialog', { name: 'Há alterações não enviadas' });
    expect(dialog).toHaveTextContent('3 alterações ainda não chegaram ao servidor. Se sair agora, elas serão perdidas.');
    expect(dialog).toHaveTextContent('1 delas foi recusada ou está em conflito.');
    await userEvent.click(screen.getByRole('button', { name: 'Descartar e sair' }));
    expect(await loggedOut).toBe(true);
    await expectEverythingGone(queryClient);
  });

  it('asks in a dialog: "Aguardar e enviar" keeps the session', async () => {
    serve();
    const queryClient = await signedInWithData(['failed']);
    await renderWithProviders(<p />, { queryClient });
    const loggedOut = requestLogout(queryClient);
    await userEvent.click(await screen.findByRole('button', { name: 'Aguardar e enviar' }));
    expect(await loggedOut).toBe(false);
    expectEverythingKept(queryClient);
  });
});
