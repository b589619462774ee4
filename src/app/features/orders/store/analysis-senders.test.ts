import { createTestQueryClient, setupI18n } from '#tests/utils/render.tsx';
import { db, localWrite } from '#app/lib/db.ts';
import { saveAuthState } from '#app/lib/session.ts';
import { createDrainer } from '#app/lib/sync/drainer.ts';
import { enqueue } from '#app/lib/sync/outbox.ts';
import { discardLocalChange, keepMine, takeTheirs } from '#app/lib/sync/resolve.ts';
import { TEST_USER, fakeApi, networkError, resetLocalDatabase, type FakeRoutes } from '#app/lib/testing/local-first.ts';
import { blobFileReader, fakeTusServer } from '#app/lib/uploads/testing/fake-tus.ts';
import { blobKeepingClone } from '#app/lib/uploads/testing/keep-blobs.ts';
import { configureUploadsForTests } from '#app/lib/uploads/tus-upload.ts';
import { readUploadRecord } from '#app/lib/uploads/upload-store.ts';
import { DOSIMETRY_VALUES as VALUES, analysesPath, analysisId, analysisItemPath, calibrationId, orderId, seriesFile, serverAnalysis } from '../testing/fixtures.ts';
import { registerAnalysisSenders } from './analysis-senders.ts';
import { createAnalysis, deleteAnalysis, pendingSlots, updateAnalysis } from './analysis-store.ts';

const OID = orderId(1);
const LIST = analysesPath(OID);
const ITEM = (id: string) => analysisItemPath(OID, id);
const ORDER = { id: OID, serviceId: 'dosi-clin' as const };
const EXPIRED = { status: 400, body: { errors: ['images_upload_id: Envio não encontrado.'] } };

let undo: () => void;
let tus: ReturnType<typeof fakeTusServer>;
const tusPosts = () => tus.calls.filter((call) => call.method === 'POST');
const uploaded = (uploadId: string) => new TextDecoder().decode(tus.bytesOf(uploadId));

function serve(routes: FakeRoutes) {
  const api = fakeApi({ [`GET ${LIST}`]: networkError(), ...routes });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}
const drain = () => createDrainer({ locks: null }).drain();
const outbox = () => db.outbox.orderBy('seq').toArray();
/** Makes every queued write due now (as its retry time passing would). */
const dueNow = () => db.outbox.toCollection().modify({ nextAttemptAt: 0 });
const created = (status = 201) => (call: { body: unknown }) => ({
  status,
  headers: { ETag: 'W/"1"' },
  body: serverAnalysis((call.body as { id: string }).id, OID, { analysisName: (call.body as { analysisName: string }).analysisName }),
});

/** An analysis the server has (pulled), version 3. */
async function synced(id = analysisId(1)) {
  await db.analyses.put(serverAnalysis(id, OID, { version: 3 }));
  return id;
}

beforeEach(async () => {
  vi.stubGlobal('structuredClone', blobKeepingClone);
  await setupI18n('pt-BR');
  saveAuthState({ id: TEST_USER, isStaff: false });
  await resetLocalDatabase(TEST_USER);
  undo = registerAnalysisSenders(createTestQueryClient());
  tus = fakeTusServer();
  configureUploadsForTests({ httpStack: tus.stack, fileReader: blobFileReader, chunkSize: 4, retryDelays: [] });
});
afterEach(() => {
  undo();
  configureUploadsForTests();
  vi.unstubAllGlobals();
});

describe('analysis.create', () => {
  it('uploads the images, then POSTs the JSON (client id, fields, imagesUploadId) with the row id as Idempotency-Key; the 201 replaces the record and frees the file', async () => {
    const id = await createAnalysis(TEST_USER, ORDER, VALUES, seriesFile(), 'spect.zip');
    const [row] = await outbox();
    const api = serve({ [`POST ${LIST}`]: created() });

    expect(await drain()).toMatchObject({ status: 'drained', sent: 1 });
    const [call] = api.callsTo('POST', LIST);
    const [uploadId] = [...tus.uploads.keys()];
    expect(call!.body).toEqual({ id, ...VALUES, imagesUploadId: uploadId });
    expect(call!.headers.get('Idempotency-Key')).toBe(row!.id);
    expect(uploaded(uploadId!)).toBe('spect-bytes');
    expect(await db.analyses.get(id)).toMatchObject({ id, version: 1, imagesUrl: `/api/v1/files/${id}/` });
    expect(await db.blobs.count()).toBe(0);
    expect(await readUploadRecord(row!.fileIds[0]!)).toBeNull();
  });

  it('waits while its calibration is itself still queued (no upload, no request), then goes once the calibration is on the server', async () => {
    await localWrite([db.outbox], (tx) => enqueue(tx, { kind: 'calibration.create', entityId: calibrationId(1), payload: {} }));
    const id = await createAnalysis(TEST_USER, ORDER, VALUES, seriesFile());
    const api = serve({ [`POST ${LIST}`]: created() });

    const before = Date.now();
    await drain();
    const waiting = (await outbox()).find((row) => row.entityId === id)!;
    // Deferred, not a fake answer: no status, no error, not an attempt; the reason is said.
    expect(waiting).toMatchObject({ state: 'pending', attempts: 0, lastStatus: null, lastError: null, waitReason: 'dependency' });
    expect(waiting.nextAttemptAt).toBeGreaterThanOrEqual(before + 5_000);
    expect(api.callsTo('POST', LIST)).toHaveLength(0);
    expect(tus.calls).toHaveLength(0);

    // The calibration's create was accepted: the analysis goes on its next try.
    await db.outbox.where('kind').equals('calibration.create').modify({ state: 'done', doneAt: Date.now() });
    await dueNow();
    expect(await drain()).toMatchObject({ sent: 1 });
    expect(api.callsTo('POST', LIST)).toHaveLength(1);
  });

  it('no analyses left on the order (409) is a conflict; discarding it removes the analysis, its file and upload here and gives the slot back', async () => {
    const id = await createAnalysis(TEST_USER, ORDER, VALUES, seriesFile());
    serve({ [`POST ${LIST}`]: { status: 409, body: { errors: ['Todas as análises deste pedido já foram usadas.'] } } });
    await drain();
    const [row] = await outbox();
    expect(row).toMatchObject({ state: 'conflict', lastError: 'Todas as análises deste pedido já foram usadas.' });
    expect((await pendingSlots()).get(OID)).toBe(1);

    await discardLocalChange(row!.id);
    expect(await db.analyses.get(id)).toBeUndefined();
    expect(await db.blobs.count()).toBe(0);
    expect(await readUploadRecord(row!.fileIds[0]!)).toBeNull();
    expect((await pendingSlots()).get(OID)).toBeUndefined();
  });

  it('an upload that expired before the analysis reached the server (400 on images_upload_id): the stored file goes up again by itself and the analysis is sent once more, then done', async () => {
    const id = await createAnalysis(TEST_USER, ORDER, VALUES, seriesFile());
    const [row] = await outbox();
    // The file went up, then the analysis got no answer (offline), and a day passed.
    serve({ [`POST ${LIST}`]: networkError() });
    await drain();
    const [expiredId] = [...tus.uploads.keys()];
    expect((await readUploadRecord(row!.fileIds[0]!))?.uploadId).toBe(expiredId);
    tus.uploads.delete(expiredId!);

    const api = serve({ [`POST ${LIST}`]: (call, count) => (count === 1 ? EXPIRED : created()(call)) });
    await dueNow();
    expect(await drain()).toMatchObject({ status: 'drained', sent: 1 });
    const posts = api.callsTo('POST', LIST);
    expect(posts).toHaveLength(2);
    const [renewedId] = [...tus.uploads.keys()];
    expect(tusPosts()).toHaveLength(2);
    expect(uploaded(renewedId!)).toBe('spect-bytes');
    expect(posts.map((call) => (call.body as { imagesUploadId: string }).imagesUploadId)).toEqual([expiredId, renewedId]);
    expect(posts.map((call) => call.headers.get('Idempotency-Key'))).toEqual([row!.id, row!.id]);
    expect(await outbox()).toMatchObject([{ state: 'done', lastStatus: 201 }]);
    expect(await db.analyses.get(id)).toMatchObject({ version: 1 });

    // Exactly once: nothing more goes.
    expect(await drain()).toMatchObject({ sent: 0 });
    expect(api.callsTo('POST', LIST)).toHaveLength(2);
  });

  it('an upload refused right after it went up is not retried by itself: the write fails with the message, and the next try uploads again', async () => {
    await createAnalysis(TEST_USER, ORDER, VALUES, seriesFile());
    const api = serve({ [`POST ${LIST}`]: EXPIRED });
    await drain();
    const [row] = await outbox();
    expect(row).toMatchObject({ state: 'failed', lastStatus: 400, lastError: 'images_upload_id: Envio não encontrado.' });
    expect(api.callsTo('POST', LIST)).toHaveLength(1);
    expect(tusPosts()).toHaveLength(1);
    expect(await readUploadRecord(row!.fileIds[0]!)).toBeNull();
    expect(await db.blobs.count()).toBe(1);
  });
});

describe('analysis.update', () => {
  it('PUTs the fields as JSON with If-Match from the record; without new images no imagesUploadId; the ETag is the new version', async () => {
    const id = await synced();
    await updateAnalysis(TEST_USER, id, { ...VALUES, injectedActivity: 7000 });
    const [row] = await outbox();
    const api = serve({ [`PUT ${ITEM(id)}`]: { status: 204, headers: { ETag: 'W/"4"' } } });
    await drain();
    const [call] = api.callsTo('PUT', ITEM(id));
    expect(call!.body).toEqual({ ...VALUES, injectedActivity: 7000 });
    expect(call!.headers.get('If-Match')).toBe('W/"3"');
    expect(call!.headers.get('Idempotency-Key')).toBe(row!.id);
    expect(tus.calls).toHaveLength(0);
    expect(await db.analyses.get(id)).toMatchObject({ injectedActivity: 7000, version: 4 });
  });

  it('a stale version (412) is a conflict; "keep mine" takes the server\'s version and sends mine again over it, with a new key', async () => {
    const id = await synced();
    await updateAnalysis(TEST_USER, id, { ...VALUES, analysisName: 'Paciente 01b' });
    let puts = 0;
    const api = serve({
      [`PUT ${ITEM(id)}`]: () => (++puts === 1 ? { status: 412, body: { errors: ['A análise foi alterada em outro lugar.'] } } : { status: 204, headers: { ETag: 'W/"6"' } }),
      [`GET ${ITEM(id)}`]: { body: serverAnalysis(id, OID, { version: 5, analysisName: 'Outro nome' }), headers: { ETag: 'W/"5"' } },
    });
    await drain();
    const [conflict] = await outbox();
    expect(conflict).toMatchObject({ state: 'conflict', lastError: 'A análise foi alterada em outro lugar.' });

    await keepMine(conflict!.id);
    await drain();
    const calls = api.callsTo('PUT', ITEM(id));
    expect(calls.map((call) => call.headers.get('If-Match'))).toEqual(['W/"3"', 'W/"5"']);
    expect(calls[0]!.headers.get('Idempotency-Key')).not.toBe(calls[1]!.headers.get('Idempotency-Key'));
    expect(await db.analyses.get(id)).toMatchObject({ analysisName: 'Paciente 01b', version: 6 });
  });

  it('"take theirs" after a 412 puts the analysis back as it was at once, even offline, and drops the new images', async () => {
    const id = await synced();
    await updateAnalysis(TEST_USER, id, { ...VALUES, analysisName: 'Paciente 01b' }, seriesFile('new images'), 'new.zip');
    serve({ [`PUT ${ITEM(id)}`]: { status: 412, body: { errors: ['Versão desatualizada.'] } } });
    await drain();
    const [conflict] = await outbox();
    expect(await readUploadRecord(conflict!.fileIds[0]!)).toMatchObject({ uploadId: expect.any(String) });

    await takeTheirs(conflict!.id);
    expect(await db.analyses.get(id)).toMatchObject({ analysisName: 'Paciente 01', version: 3 });
    expect(await outbox()).toEqual([]);
    expect(await db.blobs.count()).toBe(0);
    expect(await readUploadRecord(conflict!.fileIds[0]!)).toBeNull();
  });
});

describe('analysis.delete', () => {
  it('DELETEs with If-Match; a 404 (already gone) is done too', async () => {
    const id = await synced();
    await deleteAnalysis(TEST_USER, id);
    const api = serve({ [`DELETE ${ITEM(id)}`]: { status: 404, body: { errors: ['Este usuário não possui este recurso cadastrado.'] } } });
    await drain();
    expect(api.callsTo('DELETE', ITEM(id))[0]!.headers.get('If-Match')).toBe('W/"3"');
    expect(await outbox()).toMatchObject([{ state: 'done', lastStatus: 404 }]);
  });

  it('a refused delete (409, not editable any more) undone with "discard" brings the analysis back here', async () => {
    const id = await synced();
    await deleteAnalysis(TEST_USER, id);
    serve({ [`DELETE ${ITEM(id)}`]: { status: 409, body: { errors: ['A análise já está em processamento.'] } } });
    await drain();
    const [row] = await outbox();
    expect(row).toMatchObject({ state: 'conflict' });
    await discardLocalChange(row!.id);
    expect(await db.analyses.get(id)).toMatchObject({ id, version: 3, analysisName: 'Paciente 01' });
  });
});
