import { setupI18n } from '#tests/utils/render.tsx';
import { db, localWrite, type OutboxRow } from '../db.ts';
import { TEST_USER, answered, fakeLocks, installTestKind, networkError, resetLocalDatabase, serveFakeApi } from '../testing/local-first.ts';
import { BACKOFF_BASE_MS } from './decisions.ts';
import { SYNC_CHANNEL } from './drain-triggers.ts';
import { createDrainer, type DrainerOptions } from './drainer.ts';
import { addRowUnnoticed, allRows, changeRow, enqueue, fileTables, queueScope, rowCount, storeFile } from './outbox.ts';
import { discardLocalChange, keepMine, retryFailedWrite, takeTheirs } from './resolve.ts';
import { defer, readAnswer, sendOutboxRequest, type WriteKind } from './write-kinds.ts';

interface Payload {
  name: string;
  version?: number;
}

const KIND = 'thing.update';
const PATH = (id: string) => `/things/${id}/`;
const unregister: Array<() => void> = [];

/** A feature's kind: PUT /things/{id}/ with the payload and its version as If-Match; its answer is the JSON body. */
function registerThing(options: Partial<Omit<WriteKind<Payload>, 'send'>> = {}) {
  unregister.push(
    installTestKind<Payload>(
      KIND,
      async (row, _files, context) => {
        const response = await sendOutboxRequest(row, PATH(row.entityId), { method: 'PUT', body: { name: row.payload.name }, ifMatch: row.payload.version }, context);
        return readAnswer(response, (accepted) => (accepted.status === 204 ? null : accepted.json()));
      },
      { method: 'PUT', ...options },
    ),
  );
}

function queue(entityId: string, payload: Payload, kind = KIND) {
  return localWrite(queueScope(), (tx) => enqueue(tx, { kind, entityId, payload }));
}

function drainer(options: DrainerOptions = {}) {
  return createDrainer({ locks: null, sessionUserId: () => TEST_USER, random: () => 0, refreshSession: () => Promise.resolve(false), ...options });
}

const serve = serveFakeApi;

const rows = () => allRows();
const ok = { status: 204 };
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(() => setupI18n('pt-BR'));
beforeEach(async () => {
  await resetLocalDatabase();
  registerThing();
});
afterEach(() => {
  unregister.splice(0).forEach((undo) => undo());
  vi.unstubAllGlobals();
});

describe('sending', () => {
  it('sends with cookies, the language and the row id as Idempotency-Key, then marks the row done', async () => {
    const api = serve({ 'PUT /things/t1/': ok });
    const row = await queue('t1', { name: 'A', version: 3 });
    const report = await drainer().drain();
    expect(report).toEqual({ status: 'drained', sent: 1, nextAttemptAt: null });
    const [call] = api.calls;
    expect(call).toMatchObject({ method: 'PUT', path: '/things/t1/', body: { name: 'A' }, credentials: 'include' });
    expect(call!.headers.get('Idempotency-Key')).toBe(row.id);
    expect(call!.headers.get('If-Match')).toBe('W/"3"');
    expect(call!.headers.get('Accept-Language')).toBe('pt-BR');
    expect(await rows()).toMatchObject([{ state: 'done', attempts: 1, lastStatus: 204, lastError: null }]);
  });

  it("gives the server's answer to the kind's onDone", async () => {
    unregister.splice(0).forEach((undo) => undo());
    const onDone = vi.fn();
    registerThing({ onDone });
    serve({ 'PUT /things/t1/': { status: 200, body: { id: 't1', version: 4 } } });
    await queue('t1', { name: 'A' });
    await drainer().drain();
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ entityId: 't1' }), { id: 't1', version: 4 });
  });

  it('hands the stored files to the sender and deletes them once the write is done', async () => {
    const seen: string[] = [];
    unregister.push(
      installTestKind('thing.upload', async (_row, files) => {
        seen.push(...files.map((file) => `${file.name}:${file.size}`));
        return answered(201);
      }),
    );
    await localWrite(fileTables(), async (tx) => {
      const fileId = await storeFile(tx, new Blob(['12345']), 'phantom.zip');
      await enqueue(tx, { kind: 'thing.upload', entityId: 'u1', payload: {}, fileIds: [fileId] });
    });
    await drainer().drain();
    expect(seen).toEqual(['phantom.zip:5']);
    expect(await db.blobs.count()).toBe(0);
  });

  it('leaves a write whose kind has no sender yet untouched', async () => {
    await queue('x1', { name: 'A' }, 'not.registered');
    expect(await drainer().drain()).toMatchObject({ status: 'drained', sent: 0 });
    expect(await rows()).toMatchObject([{ state: 'pending', attempts: 0 }]);
  });

  it('sends nothing when the signed-in user is not the owner of the local data', async () => {
    const api = serve({ 'PUT /things/t1/': ok });
    await queue('t1', { name: 'A' });
    expect(await drainer({ sessionUserId: () => null }).drain()).toMatchObject({ status: 'signed-out' });
    expect(await drainer({ sessionUserId: () => 'someone-else' }).drain()).toMatchObject({ status: 'signed-out' });
    expect(api.calls).toHaveLength(0);
  });

  it("sends again a write left 'sending' by a tab that closed mid-request", async () => {
    const api = serve({ 'PUT /things/t1/': ok });
    const row = await queue('t1', { name: 'A' });
    await changeRow(row.seq!, { state: 'sending' });
    await drainer().drain();
    expect(api.calls).toHaveLength(1);
    expect(await rows()).toMatchObject([{ state: 'done' }]);
  });
});

describe('FIFO per entity', () => {
  it('sends a later write to an entity only after the earlier one is accepted; other entities go meanwhile', async () => {
    const log: string[] = [];
    const api = serve({
      'PUT /things/t1/': async (call) => {
        const name = (call.body as Payload).name;
        log.push(`start ${name}`);
        await delay(name === 'first' ? 30 : 1);
        log.push(`end ${name}`);
        return ok;
      },
      'PUT /things/t2/': (call) => {
        log.push(`t2 ${(call.body as Payload).name}`);
        return ok;
      },
    });
    await queue('t1', { name: 'first' });
    await queue('t1', { name: 'second' });
    await queue('t2', { name: 'other' });
    expect(await drainer().drain()).toMatchObject({ status: 'drained', sent: 3 });
    expect(log.indexOf('end first')).toBeLessThan(log.indexOf('start second'));
    expect(log.indexOf('t2 other')).toBeLessThan(log.indexOf('end first'));
    expect(api.calls.map((c) => (c.body as Payload).name)).toEqual(['first', 'other', 'second']);
  });

  it('holds the later writes of an entity whose earlier write failed, and sends those of other entities', async () => {
    const api = serve({ 'PUT /things/t1/': { status: 422, body: { errors: ['calibration_name: Nome inválido.'] } }, 'PUT /things/t2/': ok });
    await queue('t1', { name: 'bad' });
    await queue('t1', { name: 'later' });
    await queue('t2', { name: 'fine' });
    await drainer().drain();
    expect(api.calls.map((c) => (c.body as Payload).name)).toEqual(['bad', 'fine']);
    expect((await rows()).map((r) => r.state)).toEqual(['failed', 'pending', 'done']);
  });
});

describe('retries', () => {
  it('a network failure is not an attempt: the write waits for the network (a quick retry in 1 s), and the run stops', async () => {
    const failures = vi.fn();
    const now = Date.now() + 1_000;
    serve({ 'PUT /things/t1/': networkError(), 'PUT /things/t2/': ok });
    await queue('t1', { name: 'A' });
    await queue('t2', { name: 'B' });
    const report = await drainer({ now: () => now, random: () => 0.5, concurrency: 1, onNetworkFailure: failures }).drain();
    expect(report.status).toBe('offline');
    const [row, other] = await rows();
    expect(row).toMatchObject({ state: 'pending', attempts: 0, networkFailures: 1, waitReason: 'network', lastStatus: null, lastError: 'Sem conexão com o servidor.' });
    expect(row!.nextAttemptAt - now).toBe(1_000);
    expect(report.nextAttemptAt).toBe(row!.nextAttemptAt);
    expect(other).toMatchObject({ state: 'pending', attempts: 0 });
    expect(failures).toHaveBeenCalledTimes(1);
  });

  it('does not send a write before its retry time', async () => {
    let time = Date.now() + 1_000;
    const api = serve({ 'PUT /things/t1/': (_call, count) => (count === 1 ? { status: 503, body: { errors: ['Indisponível.'] } } : ok) });
    await queue('t1', { name: 'A' });
    const tab = drainer({ now: () => time });
    expect(await tab.drain()).toMatchObject({ status: 'waiting', sent: 0 });
    expect(await rows()).toMatchObject([{ state: 'pending', attempts: 1, lastStatus: 503, lastError: 'Indisponível.' }]);
    expect(await tab.drain()).toMatchObject({ status: 'waiting' });
    expect(api.calls).toHaveLength(1);
    time += BACKOFF_BASE_MS;
    expect(await tab.drain()).toMatchObject({ status: 'drained', sent: 1 });
    expect(api.calls).toHaveLength(2);
  });

  it('honours Retry-After on 429 and on a 409 for a key still running', async () => {
    const now = Date.now() + 1_000;
    serve({
      'PUT /things/t1/': { status: 429, headers: { 'Retry-After': '7' }, body: { errors: ['Muitas tentativas.'] } },
      'PUT /things/t2/': { status: 409, headers: { 'Retry-After': '1' }, body: { errors: ['Em andamento.'] } },
    });
    await queue('t1', { name: 'A' });
    await queue('t2', { name: 'B' });
    await drainer({ now: () => now }).drain();
    expect((await rows()).map((r) => [r.state, r.nextAttemptAt - now])).toEqual([
      ['pending', 7_000],
      ['pending', 1_000],
    ]);
  });

  it('a timeout before any answer waits like a network failure (not an attempt)', async () => {
    unregister.push(
      installTestKind(
        'thing.slow',
        (_row, _files, { signal }) => new Promise<Response>((_resolve, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
        { timeoutMs: 20 },
      ),
    );
    await queue('s1', { name: 'A' }, 'thing.slow');
    expect(await drainer().drain()).toMatchObject({ status: 'offline' });
    expect(await rows()).toMatchObject([{ state: 'pending', attempts: 0, networkFailures: 1, waitReason: 'timeout', lastError: 'O servidor demorou demais para responder.' }]);
  });
});

/** A stand-in for connectivity's "the server is reachable again". */
function reconnector() {
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    fire: () => listeners.forEach((listener) => listener()),
  };
}

describe('when the network comes back, the queue moves at once (issue 21)', () => {
  it('ten failures while offline leave no backoff: on reconnect every write waiting for the network is sent at once', async () => {
    let time = Date.now() + 1_000;
    let online = false;
    const api = serve({ 'PUT /things/t1/': () => (online ? ok : networkError()), 'PUT /things/t2/': () => (online ? ok : networkError()) });
    await queue('t1', { name: 'A' });
    await queue('t2', { name: 'B' });
    const network = reconnector();
    const tab = drainer({ now: () => time, subscribeReconnect: network.subscribe });
    for (let i = 0; i < 10; i += 1) {
      await tab.drain({ wake: 'network' });
      time += 500;
    }
    const waiting = await rows();
    expect(waiting.map((row) => [row.attempts, row.waitReason])).toEqual([
      [0, 'network'],
      [0, 'network'],
    ]);
    // The quick retry is seconds away at most (here 8 s), never the minutes a growing backoff reached.
    expect(Math.max(...waiting.map((row) => row.nextAttemptAt)) - time).toBeLessThanOrEqual(8_000);
    online = true;
    tab.start();
    const before = api.calls.length;
    network.fire();
    await vi.waitFor(async () => expect((await rows()).map((row) => row.state)).toEqual(['done', 'done']));
    expect(api.calls.length - before).toBe(2);
    await tab.stop();
  });

  it('a write the server asked to wait (503) keeps its backoff on reconnect; "send now" sends it at once', async () => {
    const time = Date.now() + 1_000;
    const api = serve({ 'PUT /things/t1/': (_call, count) => (count === 1 ? { status: 503, body: { errors: ['Ocupado.'] } } : ok) });
    await queue('t1', { name: 'A' });
    const tab = drainer({ now: () => time });
    await tab.drain();
    expect(await rows()).toMatchObject([{ state: 'pending', attempts: 1, waitReason: 'server' }]);
    expect(await tab.drain({ wake: 'network' })).toMatchObject({ status: 'waiting', sent: 0 });
    expect(api.calls).toHaveLength(1);
    expect(await tab.drain({ wake: 'all' })).toMatchObject({ status: 'drained', sent: 1 });
    expect(api.calls).toHaveLength(2);
  });

  it('"send now" leaves a paused upload paused: the sender deferred it, and nothing is requested', async () => {
    const sends = vi.fn();
    unregister.push(
      installTestKind('thing.paused', async () => {
        sends();
        return defer('paused', 3_600_000);
      }),
    );
    await queue('p1', { name: 'A' }, 'thing.paused');
    const tab = drainer();
    expect(await tab.drain()).toMatchObject({ status: 'waiting', sent: 0 });
    expect(await rows()).toMatchObject([{ state: 'pending', attempts: 0, waitReason: 'paused', lastStatus: null }]);
    await tab.drain({ wake: 'all' });
    expect(sends).toHaveBeenCalledTimes(1);
  });
});

describe('401', () => {
  it('refreshes the session once (api-client) and sends the write again', async () => {
    const api = serve({
      'PUT /things/t1/': (_call, count) => (count === 1 ? { status: 401, body: { errors: ['Token expirado.'] } } : ok),
      'POST /users/auth/token/refresh/': { status: 200, body: {} },
    });
    const row = await queue('t1', { name: 'A' });
    const { refreshSession } = await import('../api-client.ts');
    expect(await drainer({ refreshSession }).drain()).toMatchObject({ status: 'drained', sent: 1 });
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /things/t1/', 'POST /users/auth/token/refresh/', 'PUT /things/t1/']);
    expect(api.calls[2]!.headers.get('Idempotency-Key')).toBe(row.id);
    expect(await rows()).toMatchObject([{ state: 'done', attempts: 1 }]);
  });

  it('stops draining when the refresh fails: the write stays queued, untouched, until the next sign-in', async () => {
    const api = serve({ 'PUT /things/t1/': { status: 401, body: { errors: ['Token expirado.'] } }, 'PUT /things/t2/': ok });
    await queue('t1', { name: 'A' });
    await queue('t2', { name: 'B' });
    const refreshSession = vi.fn(() => Promise.resolve(false));
    const tab = drainer({ refreshSession, concurrency: 1 });
    expect(await tab.drain()).toMatchObject({ status: 'session-ended' });
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(await rows()).toMatchObject([
      { state: 'pending', attempts: 0, lastStatus: 401 },
      { state: 'pending', attempts: 0 },
    ]);
    expect(await tab.drain()).toMatchObject({ status: 'session-ended' });
    expect(api.calls).toHaveLength(1);

    tab.resumeSession();
    refreshSession.mockResolvedValue(true);
    await tab.drain();
    expect(api.calls.length).toBeGreaterThan(1);
  });

  it('a refresh without an answer ends nothing: the write waits as after a dropped connection, and goes once the refresh works', async () => {
    const api = serve({ 'PUT /things/t1/': (_call, count) => (count === 1 ? { status: 401, body: { errors: ['Token expirado.'] } } : ok) });
    await queue('t1', { name: 'A' });
    const refreshSession = vi.fn((): Promise<boolean> => Promise.reject(new TypeError('Failed to fetch')));
    const tab = drainer({ refreshSession });
    expect(await tab.drain()).not.toMatchObject({ status: 'session-ended' });
    expect(await rows()).toMatchObject([{ state: 'pending', networkFailures: 1 }]);

    refreshSession.mockResolvedValue(true);
    await tab.drain({ wake: 'all' });
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /things/t1/', 'PUT /things/t1/']);
    expect(await rows()).toMatchObject([{ state: 'done' }]);
  });

  it('a second 401 after a successful refresh also ends the run', async () => {
    serve({ 'PUT /things/t1/': { status: 401, body: { errors: ['Não autenticado.'] } } });
    await queue('t1', { name: 'A' });
    const refreshSession = vi.fn(() => Promise.resolve(true));
    expect(await drainer({ refreshSession }).drain()).toMatchObject({ status: 'session-ended' });
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(await rows()).toMatchObject([{ state: 'pending' }]);
  });
});

describe('conflicts and refusals keep the data', () => {
  it("409/412 mark a conflict with the server's message; keep mine resends with a fresh key and If-Match", async () => {
    unregister.splice(0).forEach((undo) => undo());
    registerThing({ keepMine: (row: OutboxRow<Payload>) => ({ ...row.payload, version: 9 }) });
    const api = serve({
      'PUT /things/t1/': (_call, count) => (count === 1 ? { status: 412, body: { errors: ['O registro mudou no servidor.'] } } : ok),
    });
    const row = await queue('t1', { name: 'mine', version: 2 });
    await drainer().drain();
    const [conflict] = await rows();
    expect(conflict).toMatchObject({ state: 'conflict', lastStatus: 412, lastError: 'O registro mudou no servidor.', payload: { name: 'mine', version: 2 } });

    await keepMine(row.id);
    await drainer().drain();
    expect(api.calls).toHaveLength(2);
    expect(api.calls[1]!.headers.get('If-Match')).toBe('W/"9"');
    expect(api.calls[1]!.headers.get('Idempotency-Key')).not.toBe(row.id);
    expect(await rows()).toMatchObject([{ state: 'done' }]);
  });

  it('take theirs drops the local change and asks the kind to restore the server copy', async () => {
    unregister.splice(0).forEach((undo) => undo());
    const onDiscard = vi.fn();
    registerThing({ onDiscard });
    serve({ 'PUT /things/t1/': { status: 409, body: { errors: ['Já existe uma calibração com este nome.'] } } });
    const row = await queue('t1', { name: 'mine' });
    await drainer().drain();
    await takeTheirs(row.id);
    expect(await rows()).toEqual([]);
    expect(onDiscard).toHaveBeenCalledWith([expect.objectContaining({ id: row.id, entityId: 't1' })]);
  });

  it("other 4xx fail with the server's translated message; edit-and-retry sends the edited payload", async () => {
    const api = serve({
      'PUT /things/t1/': (call) => ((call.body as Payload).name.length < 3 ? { status: 400, body: { errors: ['calibration_name: Entre 3 e 24 caracteres.'] } } : ok),
    });
    const row = await queue('t1', { name: 'ab' });
    await drainer().drain();
    expect(await rows()).toMatchObject([{ state: 'failed', lastStatus: 400, lastError: 'Entre 3 e 24 caracteres.', lastErrorField: 'calibrationName', payload: { name: 'ab' } }]);
    // Nothing more is sent on its own.
    await drainer().drain();
    expect(api.calls).toHaveLength(1);

    await retryFailedWrite(row.id, { name: 'abc' });
    await drainer().drain();
    expect(api.calls.map((c) => (c.body as Payload).name)).toEqual(['ab', 'abc']);
    expect(await rows()).toMatchObject([{ state: 'done' }]);
  });

  it('a refusal without a message gets ours', async () => {
    serve({ 'PUT /things/t1/': { status: 403 } });
    await queue('t1', { name: 'A' });
    await drainer().drain();
    expect(await rows()).toMatchObject([{ state: 'failed', lastError: 'O servidor recusou a alteração (HTTP 403).' }]);
  });

  it('discard drops a failed write and lets the kind restore the entity', async () => {
    unregister.splice(0).forEach((undo) => undo());
    const onDiscard = vi.fn();
    registerThing({ onDiscard });
    serve({ 'PUT /things/t1/': { status: 422, body: { errors: ['Corpo diferente para a mesma chave.'] } } });
    const row = await queue('t1', { name: 'A' });
    await drainer().drain();
    await discardLocalChange(row.id);
    expect(await rowCount()).toBe(0);
    expect(onDiscard).toHaveBeenCalledTimes(1);
  });

  it('a DELETE answered 404 is done: the thing is already gone', async () => {
    unregister.push(installTestKind('thing.delete', (row, _files, context) => sendOutboxRequest(row, PATH(row.entityId), { method: 'DELETE' }, context), { method: 'DELETE' }));
    serve({ 'DELETE /things/t1/': { status: 404, body: { errors: ['Este usuário não possui este recurso cadastrado.'] } } });
    await queue('t1', { name: 'A' }, 'thing.delete');
    await drainer().drain();
    expect(await rows()).toMatchObject([{ state: 'done', lastStatus: 404 }]);
  });
});

describe('one drainer at a time', () => {
  it('in one tab: a second drain during a run joins it, and each write is sent once', async () => {
    const api = serve({ 'PUT /things/t1/': async () => (await delay(20), ok) });
    await queue('t1', { name: 'A' });
    const tab = drainer();
    const [first, second] = await Promise.all([tab.drain(), tab.drain()]);
    expect(first).toBe(second);
    expect(api.calls).toHaveLength(1);
  });

  it('two drainers in one tab without Web Locks: one runs, the other is told busy', async () => {
    const api = serve({ 'PUT /things/t1/': async () => (await delay(20), ok) });
    await queue('t1', { name: 'A' });
    const reports = await Promise.all([drainer({ locks: null }).drain(), drainer({ locks: null }).drain()]);
    expect(reports.map((r) => r.status).toSorted()).toEqual(['busy', 'drained']);
    expect(api.calls).toHaveLength(1);
  });

  it('across two tabs sharing Web Locks: one drains, the other is told busy; each write is sent once', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const api = serve({
      'PUT /things/t1/': async () => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await delay(20);
        inFlight -= 1;
        return ok;
      },
    });
    await queue('t1', { name: 'A' });
    await queue('t1', { name: 'B' });
    const { locks, stats } = fakeLocks();
    const [tabA, tabB] = [drainer({ locks }), drainer({ locks })];
    const reports = await Promise.all([tabA.drain(), tabB.drain()]);
    expect(reports.map((r) => r.status).toSorted()).toEqual(['busy', 'drained']);
    expect(stats).toEqual({ granted: 1, refused: 1 });
    expect(api.calls).toHaveLength(2);
    expect(maxInFlight).toBe(1);
    // Afterwards the other tab may take its turn, and finds nothing to send.
    expect(await tabB.drain()).toMatchObject({ status: 'drained', sent: 0 });
  });

  it('stop() aborts the request in flight and keeps the write queued', async () => {
    unregister.push(
      installTestKind('thing.hang', (_row, _files, { signal }) => new Promise<Response>((_resolve, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))),
    );
    await queue('h1', { name: 'A' }, 'thing.hang');
    const tab = drainer();
    const run = tab.drain();
    await vi.waitFor(async () => expect((await rows())[0]!.state).toBe('sending'));
    await tab.stop();
    expect(await run).toMatchObject({ status: 'stopped' });
    expect(await rows()).toMatchObject([{ state: 'pending', attempts: 0 }]);
  });
});

describe('triggers', () => {
  it('start() drains at once, then on every write queued, on `online` and on a sync message from the service worker', async () => {
    const api = serve({ 'PUT /things/t1/': ok, 'PUT /things/t2/': ok, 'PUT /things/t3/': ok, 'PUT /things/t4/': ok });
    await queue('t1', { name: 'queued before start' });
    const tab = drainer();
    tab.start();
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));

    await queue('t2', { name: 'queued while started' });
    await vi.waitFor(() => expect(api.calls).toHaveLength(2));

    // Rows written without enqueue's notice (as another tab would) wait for a trigger.
    const raw = (entityId: string): OutboxRow => ({ id: `0193a2b4-0000-7000-8000-00000000000${entityId.at(-1)}`, kind: KIND, entityId, payload: { name: entityId }, fileIds: [], queuedAt: 0, attempts: 0, state: 'pending', lastError: null, lastStatus: null, nextAttemptAt: 0 });
    await addRowUnnoticed(raw('t3'));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(api.calls).toHaveLength(3));

    await addRowUnnoticed(raw('t4'));
    const worker = new BroadcastChannel(SYNC_CHANNEL);
    worker.postMessage({ type: 'sync' });
    await vi.waitFor(() => expect(api.calls).toHaveLength(4));
    worker.close();
    await tab.stop();
  });

  it('retries on its own timer when the write is due (here the server asked for Retry-After: 0)', async () => {
    const api = serve({ 'PUT /things/t1/': (_call, count) => (count === 1 ? { status: 503, headers: { 'Retry-After': '0' }, body: { errors: ['Em manutenção.'] } } : ok) });
    await queue('t1', { name: 'A' });
    const tab = drainer();
    tab.start();
    await vi.waitFor(() => expect(api.calls).toHaveLength(2), { timeout: 2_000 });
    await vi.waitFor(async () => expect(await rows()).toMatchObject([{ state: 'done', attempts: 2 }]));
    await tab.stop();
  });
});
