import { createTestQueryClient, setupI18n } from '#tests/utils/render.tsx';
import { db } from '#app/lib/db.ts';
import { saveAuthState } from '#app/lib/session.ts';
import { createDrainer } from '#app/lib/sync/drainer.ts';
import { discardLocalChange, keepMine } from '#app/lib/sync/resolve.ts';
import { TEST_USER, fakeApi, networkError, resetLocalDatabase, type FakeCall, type FakeRoutes } from '#app/lib/testing/local-first.ts';
import { blobFileReader, fakeTusServer } from '#app/lib/uploads/testing/fake-tus.ts';
import { blobKeepingClone } from '#app/lib/uploads/testing/keep-blobs.ts';
import { configureUploadsForTests } from '#app/lib/uploads/tus-upload.ts';
import { readUploadRecord } from '#app/lib/uploads/upload-store.ts';
import { versionOfEtag } from '#app/lib/sync/senders.ts';
import { registerCalibrationSenders } from './calibration-senders.ts';
import { createCalibration, deleteCalibration, updateCalibration } from './calibration-store.ts';
import { CALIBRATIONS_PATH as LIST, VALUES, calibrationItemPath as ITEM, localCalibration as localCopy, phantomFile as phantom, serverCalibration as serverCopy } from '../testing/fixtures.ts';

const SYNCED_ID = '0193a2b4-0000-7000-8000-0000000000c1';
/** The server's refusal of a finished upload it no longer has (unused for a day, swept). */
const expired = (field = 'images_upload_id') => ({ status: 400, body: { errors: [`${field}: O envio expirou. Envie o arquivo de novo.`] } });

let undo: () => void;
let tus: ReturnType<typeof fakeTusServer>;
const uploaded = (uploadId: string) => new TextDecoder().decode(tus.bytesOf(uploadId));
const tusPosts = () => tus.calls.filter((call) => call.method === 'POST');
const onlyUploadId = () => {
  expect(tus.uploads.size).toBe(1);
  return [...tus.uploads.keys()][0]!;
};

function serve(routes: FakeRoutes) {
  const api = fakeApi({ [`GET ${LIST}`]: { body: { count: 0, row: [] } }, ...routes });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}
const drain = () => createDrainer({ locks: null }).drain();
const outbox = () => db.outbox.orderBy('seq').toArray();
/** Makes every queued write due now (as its retry time passing would). */
const dueNow = () => db.outbox.toCollection().modify({ nextAttemptAt: 0 });

/** The images went up, then the write (`route`) got no answer (offline), and a day passed: the server swept the upload. Its id. */
async function expireAfterNoAnswer(route: string) {
  serve({ [route]: networkError() });
  await drain();
  const expiredId = onlyUploadId();
  tus.uploads.delete(expiredId);
  return expiredId;
}

/** The write went twice with the same key: naming the expired upload, then a new upload of the same stored file. */
function expectSentAgainWithNewUpload(calls: FakeCall[], rowId: string, expiredId: string, bytes: string) {
  const renewedId = onlyUploadId();
  expect(tusPosts()).toHaveLength(2);
  expect(uploaded(renewedId)).toBe(bytes);
  expect(calls.map((call) => (call.body as { imagesUploadId?: string }).imagesUploadId)).toEqual([expiredId, renewedId]);
  expect(calls.map((call) => call.headers.get('Idempotency-Key'))).toEqual([rowId, rowId]);
}

async function synced(version = 3) {
  await db.calibrations.put({ ...localCopy(SYNCED_ID), version });
  return SYNCED_ID;
}

beforeEach(async () => {
  vi.stubGlobal('structuredClone', blobKeepingClone);
  await setupI18n('pt-BR');
  saveAuthState({ id: TEST_USER, isStaff: false });
  await resetLocalDatabase(TEST_USER);
  undo = registerCalibrationSenders(createTestQueryClient());
  tus = fakeTusServer();
  configureUploadsForTests({ httpStack: tus.stack, fileReader: blobFileReader, chunkSize: 4 });
});
afterEach(() => {
  undo();
  configureUploadsForTests();
  vi.unstubAllGlobals();
});

describe('calibration.create', () => {
  it('uploads the images (tus), then POSTs the JSON (client id, fields, imagesUploadId) with the row id as Idempotency-Key; the 201 replaces the record and frees the file', async () => {
    const id = await createCalibration(TEST_USER, VALUES, phantom(), 'phantom.zip');
    const [row] = await outbox();
    const api = serve({ [`POST ${LIST}`]: { status: 201, body: serverCopy(id), headers: { ETag: 'W/"1"' } } });

    expect(await drain()).toMatchObject({ status: 'drained', sent: 1 });
    const [call] = api.callsTo('POST', LIST);
    expect(call!.headers.get('Idempotency-Key')).toBe(row!.id);
    expect(call!.headers.get('If-Match')).toBeNull();
    expect(call!.headers.get('Content-Type')).toBe('application/json');
    // The same wire shape as analyses: the fields as JSON, the images by their finished upload.
    expect(call!.body).toEqual({
      id,
      isotope: 'Lu-177',
      calibrationName: 'Lu-177 março',
      syringeActivity: 185.5,
      residualSyringeActivity: 0.3,
      measurementDatetime: '2026-03-10T11:02:00-03:00',
      phantomVolume: 200,
      acquisitionTime: 1800,
      imagesUploadId: onlyUploadId(),
    });
    expect(uploaded(onlyUploadId())).toBe('phantom-bytes');
    expect(tus.uploads.get(onlyUploadId())!.metadata).toMatchObject({ filename: 'phantom.zip' });

    expect(await db.calibrations.get(id)).toEqual(localCopy(id));
    expect(await db.blobs.count()).toBe(0);
    expect(await readUploadRecord(row!.fileIds[0]!)).toBeNull();
    expect(await outbox()).toMatchObject([{ state: 'done', lastStatus: 201 }]);
  });

  it('offline: stays queued with its file; back online it is sent once, with the same Idempotency-Key', async () => {
    const id = await createCalibration(TEST_USER, VALUES, phantom());
    let online = false;
    const api = serve({ [`POST ${LIST}`]: () => (online ? { status: 201, body: serverCopy(id) } : networkError()) });
    const tab = createDrainer({ locks: null });
    expect(await tab.drain()).toMatchObject({ status: 'offline' });
    expect(await db.blobs.count()).toBe(1);
    online = true;
    await dueNow();
    expect(await tab.drain()).toMatchObject({ status: 'drained', sent: 1 });
    await tab.drain();
    const keys = api.callsTo('POST', LIST).map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
    // The images went up once: the retry named the same finished upload.
    expect(tusPosts()).toHaveLength(1);
  });

  it('a dropped connection mid-upload: the next try resumes from the offset the server confirmed', async () => {
    const id = await createCalibration(TEST_USER, VALUES, phantom(), 'phantom.zip');
    serve({ [`POST ${LIST}`]: { status: 201, body: serverCopy(id) } });
    configureUploadsForTests({ httpStack: tus.stack, fileReader: blobFileReader, chunkSize: 64, retryDelays: [] });
    tus.failNext('PATCH', null);
    tus.dropAfter(6);
    const tab = createDrainer({ locks: null });
    await tab.drain();
    const uploadId = onlyUploadId();
    expect(tus.uploads.get(uploadId)!.offset).toBe(6);
    expect((await outbox())[0]).toMatchObject({ state: 'pending' });

    await dueNow();
    expect(await tab.drain()).toMatchObject({ sent: 1 });
    const patches = tus.calls.filter((call) => call.method === 'PATCH');
    expect(patches.map((call) => call.headers['Upload-Offset'])).toEqual(['0', '6']);
    expect(uploaded(uploadId)).toBe('phantom-bytes');
  });

  it('an upload that expired before the calibration reached the server (400 on images_upload_id): the stored file goes up again by itself and the form is sent once more, then done', async () => {
    const id = await createCalibration(TEST_USER, VALUES, phantom());
    const [row] = await outbox();
    const expiredId = await expireAfterNoAnswer(`POST ${LIST}`);
    expect((await readUploadRecord(row!.fileIds[0]!))?.uploadId).toBe(expiredId);

    const api = serve({ [`POST ${LIST}`]: (_call, count) => (count === 1 ? expired() : { status: 201, body: serverCopy(id), headers: { ETag: 'W/"1"' } }) });
    await dueNow();
    expect(await drain()).toMatchObject({ status: 'drained', sent: 1 });
    const posts = api.callsTo('POST', LIST);
    expect(posts).toHaveLength(2);
    expectSentAgainWithNewUpload(posts, row!.id, expiredId, 'phantom-bytes');
    expect(await outbox()).toMatchObject([{ state: 'done', lastStatus: 201 }]);
    expect(await db.calibrations.get(id)).toEqual(localCopy(id));

    // Exactly once: nothing more goes.
    expect(await drain()).toMatchObject({ sent: 0 });
    expect(api.callsTo('POST', LIST)).toHaveLength(2);
  });

  it('an upload refused right after it went up is not retried by itself: the write fails with the message, and the next try uploads again', async () => {
    await createCalibration(TEST_USER, VALUES, phantom());
    const api = serve({ [`POST ${LIST}`]: expired() });
    await drain();
    const [row] = await outbox();
    expect(row).toMatchObject({ state: 'failed', lastStatus: 400, lastError: 'images_upload_id: O envio expirou. Envie o arquivo de novo.' });
    expect(api.callsTo('POST', LIST)).toHaveLength(1);
    expect(tusPosts()).toHaveLength(1);
    expect(await readUploadRecord(row!.fileIds[0]!)).toBeNull();
    expect(await db.blobs.count()).toBe(1);
  });

  it("an update queued behind it goes next, over the created version, and keeps the user's newer values", async () => {
    const id = await createCalibration(TEST_USER, VALUES, phantom());
    await db.outbox.toCollection().modify({ attempts: 1 }); // tried once: the edit is a separate update
    await updateCalibration(TEST_USER, id, { ...VALUES, phantomVolume: 250 });
    const api = serve({
      [`POST ${LIST}`]: { status: 201, body: serverCopy(id), headers: { ETag: 'W/"1"' } },
      [`PUT ${ITEM(id)}`]: { status: 204, headers: { ETag: 'W/"2"' } },
    });
    await drain();
    expect(api.callsTo('PUT', ITEM(id))[0]!.headers.get('If-Match')).toBe('W/"1"');
    expect(await db.calibrations.get(id)).toMatchObject({ phantomVolume: 250, version: 2, imagesUrl: serverCopy(id).imagesUrl });
  });

  it("a refusal (400) fails the write with the server's message and keeps the user's data and file", async () => {
    const id = await createCalibration(TEST_USER, VALUES, phantom());
    serve({ [`POST ${LIST}`]: { status: 400, body: { errors: ['Calibração com este User e Calibration Name já existe.'] } } });
    await drain();
    expect(await outbox()).toMatchObject([{ state: 'failed', lastStatus: 400, lastError: 'Calibração com este User e Calibration Name já existe.' }]);
    expect(await db.calibrations.get(id)).toMatchObject(VALUES);
    expect(await db.blobs.count()).toBe(1);

    // Discarding it removes the calibration here at once (the server never had it).
    serve({ [`GET ${LIST}`]: networkError() });
    await discardLocalChange((await outbox())[0]!.id);
    expect(await db.calibrations.get(id)).toBeUndefined();
    expect(await db.blobs.count()).toBe(0);
  });
});

describe('calibration.update', () => {
  it('PUTs with If-Match from the record; without new images no file; the ETag is the new version', async () => {
    const id = await synced(3);
    await updateCalibration(TEST_USER, id, { ...VALUES, acquisitionTime: 900 });
    const [row] = await outbox();
    const api = serve({ [`PUT ${ITEM(id)}`]: { status: 204, headers: { ETag: 'W/"4"' } } });
    await drain();
    const [call] = api.callsTo('PUT', ITEM(id));
    expect(call!.headers.get('If-Match')).toBe('W/"3"');
    expect(call!.headers.get('Idempotency-Key')).toBe(row!.id);
    expect(call!.body).toEqual({ ...VALUES, acquisitionTime: 900 });
    expect(await db.calibrations.get(id)).toMatchObject({ acquisitionTime: 900, version: 4 });
  });

  it('with new images: they go up first, the form names the upload, the file is freed after the 204', async () => {
    const id = await synced(3);
    await updateCalibration(TEST_USER, id, VALUES, phantom('new images'), 'new.zip');
    const api = serve({ [`PUT ${ITEM(id)}`]: { status: 204, headers: { ETag: 'W/"4"' } } });
    await drain();
    expect(api.callsTo('PUT', ITEM(id))[0]!.body).toEqual({ ...VALUES, imagesUploadId: onlyUploadId() });
    expect(uploaded(onlyUploadId())).toBe('new images');
    expect(await db.blobs.count()).toBe(0);
    expect(await db.meta.filter((entry) => entry.key.startsWith('upload.')).count()).toBe(0);
  });

  it('new images whose upload expired before the PUT reached the server (400 on imagesUploadId): uploaded again and PUT once more, with the same key and If-Match', async () => {
    const id = await synced(3);
    await updateCalibration(TEST_USER, id, VALUES, phantom('new images'), 'new.zip');
    const [row] = await outbox();
    const expiredId = await expireAfterNoAnswer(`PUT ${ITEM(id)}`);

    const api = serve({ [`PUT ${ITEM(id)}`]: (_call, count) => (count === 1 ? expired('imagesUploadId') : { status: 204, headers: { ETag: 'W/"4"' } }) });
    await dueNow();
    expect(await drain()).toMatchObject({ status: 'drained', sent: 1 });
    const puts = api.callsTo('PUT', ITEM(id));
    expectSentAgainWithNewUpload(puts, row!.id, expiredId, 'new images');
    expect(puts.map((call) => call.headers.get('If-Match'))).toEqual(['W/"3"', 'W/"3"']);
    expect(await db.calibrations.get(id)).toMatchObject({ version: 4 });
  });

  it('a stale version (412) is a conflict; "keep mine" takes the server\'s version and sends again over it', async () => {
    const id = await synced(3);
    await updateCalibration(TEST_USER, id, { ...VALUES, phantomVolume: 260 });
    let puts = 0;
    const api = serve({
      [`PUT ${ITEM(id)}`]: () => (++puts === 1 ? { status: 412, body: { errors: ['A calibração foi alterada em outro lugar.'] } } : { status: 204, headers: { ETag: 'W/"6"' } }),
      [`GET ${ITEM(id)}`]: { body: serverCopy(id, { version: 5, phantomVolume: 150 }), headers: { ETag: 'W/"5"' } },
    });
    await drain();
    const [conflict] = await outbox();
    expect(conflict).toMatchObject({ state: 'conflict', lastError: 'A calibração foi alterada em outro lugar.' });
    await keepMine(conflict!.id);
    await drain();
    const calls = api.callsTo('PUT', ITEM(id));
    expect(calls.map((call) => call.headers.get('If-Match'))).toEqual(['W/"3"', 'W/"5"']);
    expect(calls[0]!.headers.get('Idempotency-Key')).not.toBe(calls[1]!.headers.get('Idempotency-Key'));
    expect(await db.calibrations.get(id)).toMatchObject({ phantomVolume: 260, version: 6 });
  });

  it('"take theirs" / discard puts the server copy back at once, even offline', async () => {
    const id = await synced(3);
    await updateCalibration(TEST_USER, id, { ...VALUES, phantomVolume: 260 });
    serve({ [`PUT ${ITEM(id)}`]: { status: 412, body: { errors: ['Versão desatualizada.'] } }, [`GET ${LIST}`]: networkError() });
    await drain();
    await discardLocalChange((await outbox())[0]!.id);
    expect(await db.calibrations.get(id)).toMatchObject({ phantomVolume: 200, version: 3 });
    expect(await outbox()).toEqual([]);
  });
});

describe('calibration.delete', () => {
  it('DELETEs with If-Match; a 404 (already gone) is done too', async () => {
    const id = await synced(3);
    await deleteCalibration(TEST_USER, id);
    const [row] = await outbox();
    const api = serve({ [`DELETE ${ITEM(id)}`]: { status: 404, body: { errors: ['Este usuário não possui este recurso cadastrado.'] } } });
    await drain();
    const [call] = api.callsTo('DELETE', ITEM(id));
    expect(call!.headers.get('If-Match')).toBe('W/"3"');
    expect(call!.headers.get('Idempotency-Key')).toBe(row!.id);
    expect(await outbox()).toMatchObject([{ state: 'done', lastStatus: 404 }]);
    expect(await db.calibrations.get(id)).toBeUndefined();
  });

  it('"undo the deletion" of a refused delete brings the calibration back here', async () => {
    const id = await synced(3);
    await deleteCalibration(TEST_USER, id);
    serve({
      [`DELETE ${ITEM(id)}`]: { status: 409, body: { errors: ['A calibração é usada por uma análise.'] } },
      [`GET ${LIST}`]: networkError(),
    });
    await drain();
    expect(await outbox()).toMatchObject([{ state: 'conflict' }]);
    await discardLocalChange((await outbox())[0]!.id);
    expect(await db.calibrations.get(id)).toMatchObject({ id, version: 3 });
  });
});

describe('helpers', () => {
  it('reads the version of an ETag', () => {
    expect(versionOfEtag('W/"12"')).toBe(12);
    expect(versionOfEtag('"3"')).toBe(3);
    expect(versionOfEtag(null)).toBeNull();
    expect(versionOfEtag('*')).toBeNull();
  });
});
