import { setupQueuedEntityTests } from '#tests/utils/queued-entity-tests.ts';
import { db } from '#app/lib/db.ts';
import { TEST_USER, fakeApi, type FakeRoutes } from '#app/lib/testing/local-first.ts';
import { calibrationKinds } from './calibration-senders.ts';
import { createCalibration, deleteCalibration, updateCalibration } from './calibration-store.ts';
import { CALIBRATIONS_PATH as LIST, VALUES, calibrationItemPath as ITEM, localCalibration as localCopy, phantomFile as phantom, serverCalibration as serverCopy } from '../testing/fixtures.ts';
import { allRows } from '#app/lib/sync/outbox.ts';

const SYNCED_ID = '0193a2b4-0000-7000-8000-0000000000c1';

const { onlyUploadId, uploaded, drain } = setupQueuedEntityTests(calibrationKinds);

function serve(routes: FakeRoutes) {
  const api = fakeApi({ [`GET ${LIST}`]: { body: { count: 0, row: [] } }, ...routes });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}
const outbox = () => allRows();

async function synced(version = 3) {
  await db.calibrations.put({ ...localCopy(SYNCED_ID), version });
  return SYNCED_ID;
}

/**
 * What is the calibration's own: its wire (paths, fields, the answer's `createAt` read as `createdAt`). The
 * write path's rules are the kit's, tested on a fake entity (lib/sync/queued-entity.test.ts).
 */
describe('calibration.create', () => {
  it("POSTs the calibration's fields as JSON naming its images' upload; the answer is kept with `createAt` read as `createdAt`", async () => {
    const id = await createCalibration(TEST_USER, VALUES, phantom(), 'phantom.zip');
    const api = serve({ [`POST ${LIST}`]: { status: 201, body: serverCopy(id), headers: { ETag: 'W/"1"' } } });
    await drain();
    // The same wire shape as analyses: the fields as JSON, the images by their finished upload.
    expect(api.callsTo('POST', LIST)[0]!.body).toEqual({
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
    expect(await db.calibrations.get(id)).toEqual(localCopy(id));
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
});

describe('calibration.delete', () => {
  it('deleting here queues the DELETE of its item with the version the user saw', async () => {
    const id = await synced(3);
    expect(await deleteCalibration(TEST_USER, id)).toBe(true);
    const api = serve({ [`DELETE ${ITEM(id)}`]: { status: 204 } });
    await drain();
    expect(api.callsTo('DELETE', ITEM(id))[0]!.headers.get('If-Match')).toBe('W/"3"');
    expect(await db.calibrations.get(id)).toBeUndefined();
  });
});
