import { setupI18n } from '#tests/utils/render.tsx';
import { db, localWrite, type StoredFile } from '../db.ts';
import { saveAuthState } from '../session.ts';
import { setConnectivityForTests } from '../sync/connectivity.ts';
import { enqueue, fileTables, rowCount, storeFile } from '../sync/outbox.ts';
import { TEST_USER, fakeApi, networkError, resetLocalDatabase, type FakeReply } from '../testing/local-first.ts';
import { blobFileReader, fakeTusServer } from './testing/fake-tus.ts';
import { configureUploadsForTests, uploadOutboxFile } from './tus-upload.ts';
import { cancelUpload, pauseUpload, readUploadRecord, subscribeUploadProgress, currentUploadProgress } from './upload-store.ts';
import { queuedUploadTerminations, terminateQueuedUploads, terminateUploadsWhenOnline, uploadIdOf } from './upload-termination.ts';

const DAY_MS = 24 * 3600_000;
const signal = () => new AbortController().signal;

let tus: ReturnType<typeof fakeTusServer>;

/** A queued write carrying a 40-byte file, as a feature's create would store it. */
async function queuedWrite() {
  const blob = new File(['0123456789'.repeat(4)], 'spect.zip', { type: 'application/zip' });
  return localWrite(fileTables(), async (tx) => {
    const fileId = await storeFile(tx, blob);
    const row = await enqueue(tx, { kind: 'test.upload', entityId: 'analysis-1', payload: {}, fileIds: [fileId] });
    // The stored copy, with the Blob itself (fake-indexeddb's clone of happy-dom's File is not one).
    const file: StoredFile = { ...(await db.blobs.get(fileId))!, blob };
    return { row, file };
  });
}

/** The write's upload started, and the connection dropped after 6 bytes: the server keeps them. */
async function partlyUploaded() {
  const { row, file } = await queuedWrite();
  tus.failNext('PATCH');
  tus.dropAfter(6);
  await expect(uploadOutboxFile(row, file, { signal: signal() })).rejects.toThrow();
  const { uploadUrl } = (await readUploadRecord(file.id))!;
  const uploadId = uploadIdOf(uploadUrl!);
  expect(tus.uploads.get(uploadId)?.offset).toBe(6);
  return { file, uploadId };
}

/** The API's tus DELETE: ends the upload on the fake tus server (or answers `reply` instead). */
function serveTermination(uploadId: string, reply?: () => FakeReply | Error | Promise<FakeReply | Error>) {
  const api = fakeApi({
    [`DELETE /uploads/${uploadId}/`]: async () => {
      if (reply) return reply();
      tus.uploads.delete(uploadId);
      return { status: 204 };
    },
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

async function expectNothingLocal(fileId: string) {
  expect(await rowCount()).toBe(0);
  expect(await db.blobs.count()).toBe(0);
  expect(await readUploadRecord(fileId)).toBeNull();
}

beforeEach(async () => {
  await setupI18n();
  saveAuthState({ id: TEST_USER, isStaff: false });
  setConnectivityForTests(true);
  await resetLocalDatabase(TEST_USER);
  tus = fakeTusServer();
  configureUploadsForTests({ httpStack: tus.stack, fileReader: blobFileReader, chunkSize: 8, retryDelays: [] });
});
afterEach(() => {
  configureUploadsForTests();
  vi.unstubAllGlobals();
});

describe('cancelUpload ends the upload on the server too', () => {
  it('one not running in this tab (waiting offline, or started before a reload): drops the write here and sends the tus DELETE with the session cookies', async () => {
    const { file, uploadId } = await partlyUploaded();
    const api = serveTermination(uploadId);
    await cancelUpload(file.id);

    await expectNothingLocal(file.id);
    await vi.waitFor(() => expect(tus.uploads.has(uploadId)).toBe(false));
    const [call] = api.callsTo('DELETE', `/uploads/${uploadId}/`);
    expect(call!.credentials).toBe('include');
    expect(call!.headers.get('Tus-Resumable')).toBe('1.0.0');
    await vi.waitFor(async () => expect(await queuedUploadTerminations()).toEqual([]));
  });

  it('a paused one: the same', async () => {
    const { file, uploadId } = await partlyUploaded();
    await pauseUpload(file.id);
    serveTermination(uploadId);
    await cancelUpload(file.id);
    await expectNothingLocal(file.id);
    await vi.waitFor(() => expect(tus.uploads.has(uploadId)).toBe(false));
  });

  it('one running in this tab: it stops and the server ends it once', async () => {
    const { row, file } = await queuedWrite();
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    let cancelled: Promise<void> | undefined;
    const stop = subscribeUploadProgress(() => {
      const entry = currentUploadProgress().get(file.id);
      if (!cancelled && entry?.phase === 'uploading' && entry.bytesDone >= 16) cancelled = cancelUpload(file.id);
    });
    const result = await uploadOutboxFile(row, file, { signal: signal() });
    stop();
    await cancelled;

    expect(result).toMatchObject({ type: 'deferred', reason: 'paused' });
    const uploadId = [...tus.uploads.keys()][0]!;
    expect(tus.uploads.get(uploadId)!.offset).toBeLessThan(40);
    await expectNothingLocal(file.id);
    await vi.waitFor(() => expect(api.callsTo('DELETE', `/uploads/${uploadId}/`)).toHaveLength(1));
    // Only our termination: tus-js-client does not send a second one of its own.
    expect(tus.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
  });

  it('offline: the local cancel does not wait for the server; the termination is kept and sent once the app is back online', async () => {
    const { file, uploadId } = await partlyUploaded();
    let answer: ((reply: Error) => void) | null = null;
    // The first DELETE hangs (a dead network) until answered; later ones fail at once.
    const offline = serveTermination(uploadId, () => (answer ? networkError() : new Promise((resolve) => (answer = resolve))));
    const stopWatching = terminateUploadsWhenOnline();
    setConnectivityForTests(false);

    // The DELETE hangs, yet the cancel is done here at once.
    await cancelUpload(file.id);
    await expectNothingLocal(file.id);
    expect(await queuedUploadTerminations()).toEqual([expect.stringContaining(uploadId)]);
    await vi.waitFor(() => expect(offline.calls).toHaveLength(1));
    answer!(networkError());
    await terminateQueuedUploads();
    expect(await queuedUploadTerminations()).toHaveLength(1);
    expect(tus.uploads.has(uploadId)).toBe(true);

    const api = serveTermination(uploadId);
    setConnectivityForTests(true);
    await vi.waitFor(() => expect(tus.uploads.has(uploadId)).toBe(false));
    await vi.waitFor(async () => expect(await queuedUploadTerminations()).toEqual([]));
    expect(api.callsTo('DELETE', `/uploads/${uploadId}/`)).toHaveLength(1);
    stopWatching();
  });

  it('an upload the server no longer has (404) is not asked for again; one queued over a day ago is dropped unasked (swept by then)', async () => {
    const { file, uploadId } = await partlyUploaded();
    const api = serveTermination(uploadId, () => ({ status: 404, body: { errors: ['Envio não encontrado.'] } }));
    await cancelUpload(file.id);
    await vi.waitFor(async () => expect(await queuedUploadTerminations()).toEqual([]));
    expect(api.calls).toHaveLength(1);

    const old = 'http://localhost/api/v1/uploads/0193a2b4-0000-7000-8000-0000000000e9';
    await db.meta.put({ key: 'uploadTerminations', value: [{ url: old, queuedAt: Date.now() - DAY_MS - 1 }] });
    await terminateQueuedUploads();
    expect(await queuedUploadTerminations()).toEqual([]);
    expect(api.calls).toHaveLength(1);
  });

  it('a file never uploaded: nothing to end on the server', async () => {
    const { file } = await queuedWrite();
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    await cancelUpload(file.id);
    await expectNothingLocal(file.id);
    expect(api.calls).toHaveLength(0);
    expect(await queuedUploadTerminations()).toEqual([]);
  });
});
