import { db, localWrite, type StoredFile } from '../db.ts';
import { changeRow, enqueue, queueScope, rowAt } from '../sync/outbox.ts';
import { TEST_USER, resetLocalDatabase } from '../testing/local-first.ts';
import { setupI18n } from '#tests/utils/render.tsx';
import { Sha256, sha256OfBlob } from './sha256.ts';
import { blobFileReader, fakeTusServer } from './testing/fake-tus.ts';
import { configureUploadsForTests, uploadOutboxFile } from './tus-upload.ts';
import { currentUploadProgress, pauseUpload, readUploadRecord, resumeUpload, saveUploadRecord, subscribeUploadProgress } from './upload-store.ts';

const FILE_ID = '0193a2b4-0000-7000-8000-0000000000f1';
const bytes = (n: number) => new Uint8Array(n).map((_, i) => (i * 7 + 3) & 255);
/** The reference: Web Crypto's one-shot digest. */
const hex = async (data: Uint8Array) =>
  Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', data as BufferSource)), (b) => b.toString(16).padStart(2, '0')).join('');

function storedFile(data: Uint8Array, name = 'spect.zip'): StoredFile {
  return { id: FILE_ID, blob: new Blob([data as BlobPart], { type: 'application/zip' }), name, type: 'application/zip', size: data.length, storedAt: Date.now() };
}

async function queuedRow() {
  return localWrite(queueScope(), (tx) => enqueue(tx, { kind: 'test.upload', entityId: 'analysis-1', payload: {}, fileIds: [FILE_ID] }));
}

const signal = () => new AbortController().signal;

beforeEach(async () => {
  await setupI18n();
  await resetLocalDatabase(TEST_USER);
});
afterEach(() => {
  configureUploadsForTests();
  vi.unstubAllGlobals();
});

describe('SHA-256 in the browser', () => {
  it.each([0, 1, 55, 56, 63, 64, 65, 1000, 70_001])('incremental hashing of %i bytes matches Web Crypto', async (n) => {
    const data = bytes(n);
    const hash = new Sha256();
    for (let i = 0; i < n; i += 997) hash.update(data.subarray(i, i + 997));
    expect(hash.hex()).toBe(await hex(data));
  });

  it('hashes a Blob (Web Crypto below the limit)', async () => {
    const data = bytes(3000);
    expect(await sha256OfBlob(new Blob([data as BlobPart]))).toBe(await hex(data));
  });
});

describe('uploadOutboxFile (tus 1.0)', () => {
  it('uploads in chunks with filename, filetype and sha256 metadata and gives the upload id', async () => {
    const server = fakeTusServer();
    configureUploadsForTests({ fileReader: blobFileReader, httpStack: server.stack, chunkSize: 1000 });
    const data = bytes(3500);
    const row = await queuedRow();
    const result = await uploadOutboxFile(row, storedFile(data), { signal: signal() });
    expect(result).toEqual({ type: 'uploaded', uploadId: expect.stringMatching(/^0193a2b4-/) });
    const { uploadId } = result as { uploadId: string };
    expect(server.uploads.get(uploadId)).toMatchObject({ status: 'complete', metadata: { filename: 'spect.zip', filetype: 'application/zip', sha256: await hex(data) } });
    expect(server.calls.filter((call) => call.method === 'PATCH')).toHaveLength(4);
    expect(server.calls[0]!.headers['Accept-Language']).toBe('pt-BR');
    expect(await readUploadRecord(FILE_ID)).toMatchObject({ uploadId, sha256: await hex(data) });
    // A replay of the write (lost answer) does not upload again.
    server.calls.length = 0;
    expect(await uploadOutboxFile(row, storedFile(data), { signal: signal() })).toEqual({ type: 'uploaded', uploadId });
    expect(server.calls).toHaveLength(0);
  });

  it('a dropped connection throws (the drainer retries later); the next attempt resumes from the server offset, and the SHA-256 matches', async () => {
    const server = fakeTusServer();
    configureUploadsForTests({ fileReader: blobFileReader, httpStack: server.stack, chunkSize: 1000, retryDelays: [] });
    const data = bytes(3500);
    const row = await queuedRow();
    // The first PATCH stores 600 bytes, then the connection drops.
    server.failNext('PATCH');
    server.dropAfter(600);
    await expect(uploadOutboxFile(row, storedFile(data), { signal: signal() })).rejects.toThrow();
    const record = await readUploadRecord(FILE_ID);
    expect(record?.uploadUrl).toMatch(/^http:\/\/[^/]+\/api\/v1\/uploads\/0193a2b4-/);
    const id = record!.uploadUrl!.split('/').pop()!;
    expect(server.uploads.get(id)?.offset).toBe(600);

    server.calls.length = 0;
    const result = await uploadOutboxFile(row, storedFile(data), { signal: signal() });
    expect(result).toEqual({ type: 'uploaded', uploadId: id });
    expect(server.calls.map((call) => call.method)).toEqual(['HEAD', 'PATCH', 'PATCH', 'PATCH']);
    expect(server.calls[1]!.headers['Upload-Offset']).toBe('600');
    expect(await hex(server.bytesOf(id))).toBe(await hex(data));
    expect(server.uploads.get(id)?.status).toBe('complete');
  });

  it('keeps the bytes the server confirmed (the progress bar while offline) and starts a resumed run from them', async () => {
    const server = fakeTusServer();
    configureUploadsForTests({ fileReader: blobFileReader, httpStack: server.stack, chunkSize: 1000, retryDelays: [] });
    const row = await queuedRow();
    // Two chunks are answered, the third PATCH gets no answer.
    server.failNext('PATCH', null, undefined, 2);
    await expect(uploadOutboxFile(row, storedFile(bytes(3500)), { signal: signal() })).rejects.toThrow();
    expect(await readUploadRecord(FILE_ID)).toMatchObject({ bytesConfirmed: 2000, uploadId: null });

    // The resumed run's bar starts where the server is, not at 0.
    const seen: number[] = [];
    const stop = subscribeUploadProgress(() => {
      const entry = currentUploadProgress().get(FILE_ID);
      if (entry?.phase === 'uploading') seen.push(entry.bytesDone);
    });
    await uploadOutboxFile(row, storedFile(bytes(3500)), { signal: signal() });
    stop();
    expect(Math.min(...seen)).toBe(2000);
  });

  it('a refusal (413, 422 checksum) is an outcome with the server message; the next try starts a new upload', async () => {
    const server = fakeTusServer({ maxBytes: 1000 });
    configureUploadsForTests({ fileReader: blobFileReader, httpStack: server.stack, chunkSize: 1000, retryDelays: [] });
    const row = await queuedRow();
    const tooBig = await uploadOutboxFile(row, storedFile(bytes(2000)), { signal: signal() });
    expect(tooBig).toMatchObject({ type: 'refused', status: 413, problems: [{ message: 'O arquivo é grande demais (máximo 1 MB).' }] });

    const ok = fakeTusServer();
    configureUploadsForTests({ fileReader: blobFileReader, httpStack: ok.stack, chunkSize: 1000, retryDelays: [] });
    await db.meta.clear();
    // The file's bytes change under the hash (a corrupt read): the server's check fails.
    await saveUploadRecord(FILE_ID, { sha256: 'f'.repeat(64) });
    const mismatch = await uploadOutboxFile(row, storedFile(bytes(800)), { signal: signal() });
    expect(mismatch).toMatchObject({ type: 'refused', status: 422, problems: [{ message: expect.stringContaining('SHA-256') }] });
    expect(await readUploadRecord(FILE_ID)).toMatchObject({ uploadUrl: null, sha256: null, uploadId: null });
    // Retried: hashed again, uploaded anew, accepted.
    expect(await uploadOutboxFile(row, storedFile(bytes(800)), { signal: signal() })).toEqual({ type: 'uploaded', uploadId: expect.any(String) });
    expect(ok.calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it('a paused upload sends nothing and defers its write (paused, look again in an hour: no fake answer); resume makes it due again', async () => {
    const server = fakeTusServer();
    configureUploadsForTests({ fileReader: blobFileReader, httpStack: server.stack, chunkSize: 1000 });
    const row = await queuedRow();
    await pauseUpload(FILE_ID);
    const parked = await uploadOutboxFile(row, storedFile(bytes(1500)), { signal: signal() });
    expect(parked).toEqual({ type: 'deferred', reason: 'paused', retryAfterMs: 3_600_000 });
    expect(server.calls).toHaveLength(0);

    await changeRow(row.seq!, { nextAttemptAt: Date.now() + 3_600_000, waitReason: 'paused' });
    await resumeUpload(FILE_ID);
    expect((await readUploadRecord(FILE_ID))?.paused).toBe(false);
    expect((await rowAt(row.seq!))!.nextAttemptAt).toBeLessThanOrEqual(Date.now());
    expect((await rowAt(row.seq!))!.waitReason).toBeNull();
    expect(await uploadOutboxFile(row, storedFile(bytes(1500)), { signal: signal() })).toEqual({ type: 'uploaded', uploadId: expect.any(String) });
  });

  it('a 401 refreshes the session once and resumes', async () => {
    const server = fakeTusServer();
    configureUploadsForTests({ fileReader: blobFileReader, httpStack: server.stack, chunkSize: 1000, retryDelays: [] });
    const refresh = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', refresh);
    const row = await queuedRow();
    server.failNext('POST', 401, JSON.stringify({ errors: ['Sessão expirada.'] }));
    expect(await uploadOutboxFile(row, storedFile(bytes(1200)), { signal: signal() })).toEqual({ type: 'uploaded', uploadId: expect.any(String) });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(String((refresh.mock.calls[0] as unknown[])[0])).toContain('/users/auth/token/refresh/');
  });
});
