import { setupQueuedEntityTests } from '#tests/utils/queued-entity-tests.ts';
import { db, localWrite } from '#app/lib/db.ts';
import { allRows, changeRows, enqueue, queueScope } from '#app/lib/sync/outbox.ts';
import { discardLocalChange } from '#app/lib/sync/resolve.ts';
import { TEST_USER, fakeApi, networkError, type FakeRoutes } from '#app/lib/testing/local-first.ts';
import { readUploadRecord } from '#app/lib/uploads/upload-store.ts';
import { DOSIMETRY_VALUES as VALUES, analysesPath, analysisId, analysisItemPath, calibrationId, orderId, seriesFile, serverAnalysis } from '../testing/fixtures.ts';
import { analysisKinds } from './analysis-senders.ts';
import { createAnalysis, pendingSlots, updateAnalysis } from './analysis-store.ts';

const OID = orderId(1);
const LIST = analysesPath(OID);
const ITEM = (id: string) => analysisItemPath(OID, id);
const ORDER = { id: OID, serviceId: 'dosi-clin' as const };

const { tus, onlyUploadId, uploaded, drain } = setupQueuedEntityTests(analysisKinds, { retryDelays: [] });

function serve(routes: FakeRoutes) {
  const api = fakeApi({ [`GET ${LIST}`]: networkError(), ...routes });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}
const outbox = () => allRows();
/** Makes every queued write due now (as its retry time passing would). */
const dueNow = () => changeRows({ nextAttemptAt: 0 });
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

describe('analysis.create', () => {
  it('uploads the images, then POSTs the JSON (client id, fields, imagesUploadId) with the row id as Idempotency-Key; the 201 replaces the record and frees the file', async () => {
    const id = await createAnalysis(TEST_USER, ORDER, VALUES, seriesFile(), 'spect.zip');
    const [row] = await outbox();
    const api = serve({ [`POST ${LIST}`]: created() });

    expect(await drain()).toMatchObject({ status: 'drained', sent: 1 });
    const [call] = api.callsTo('POST', LIST);
    expect(call!.body).toEqual({ id, ...VALUES, imagesUploadId: onlyUploadId() });
    expect(call!.headers.get('Idempotency-Key')).toBe(row!.id);
    expect(uploaded(onlyUploadId())).toBe('spect-bytes');
    expect(await db.analyses.get(id)).toMatchObject({ id, version: 1, imagesUrl: `/api/v1/files/${id}/` });
    expect(await db.blobs.count()).toBe(0);
    expect(await readUploadRecord(row!.fileIds[0]!)).toBeNull();
  });

  it('waits while its calibration is itself still queued (no upload, no request), then goes once the calibration is on the server', async () => {
    await localWrite(queueScope(), (tx) => enqueue(tx, { kind: 'calibration.create', entityId: calibrationId(1), payload: {} }));
    const id = await createAnalysis(TEST_USER, ORDER, VALUES, seriesFile());
    const api = serve({ [`POST ${LIST}`]: created() });

    const before = Date.now();
    await drain();
    const waiting = (await outbox()).find((row) => row.entityId === id)!;
    // Deferred, not a fake answer: no status, no error, not an attempt; the reason is said.
    expect(waiting).toMatchObject({ state: 'pending', attempts: 0, lastStatus: null, lastError: null, waitReason: 'dependency' });
    expect(waiting.nextAttemptAt).toBeGreaterThanOrEqual(before + 5_000);
    expect(api.callsTo('POST', LIST)).toHaveLength(0);
    expect(tus().calls).toHaveLength(0);

    // The calibration's create was accepted: the analysis goes on its next try.
    await changeRows({ state: 'done', doneAt: Date.now() }, (row) => row.kind === 'calibration.create');
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
    expect(tus().calls).toHaveLength(0);
    expect(await db.analyses.get(id)).toMatchObject({ injectedActivity: 7000, version: 4 });
  });
});
