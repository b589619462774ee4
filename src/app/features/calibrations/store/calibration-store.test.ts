import { db } from '#app/lib/db.ts';
import { LocalRecordMissingError } from '#app/lib/sync/queued-entity.ts';
import { TEST_USER, resetLocalDatabase } from '#app/lib/testing/local-first.ts';
import { blobKeepingClone } from '#app/lib/uploads/testing/keep-blobs.ts';
import { VALUES, phantomFile as phantom } from '../testing/fixtures.ts';
import {
  CALIBRATION_CREATE,
  CALIBRATION_DELETE,
  CALIBRATION_UPDATE,
  createCalibration,
  deleteCalibration,
  updateCalibration,
} from './calibration-store.ts';


const outbox = () => db.outbox.orderBy('seq').toArray();

/** A calibration the server has (pulled), version 3. */
async function synced(id = '0193a2b4-0000-7000-8000-0000000000c1') {
  await db.calibrations.put({ id, userId: TEST_USER, ...VALUES, imagesUrl: '/api/v1/files/f1/', createdAt: '2026-03-10T14:10:00.000Z', modifiedAt: '2026-03-10T14:10:00.000Z', version: 3 });
  return id;
}

beforeEach(async () => {
  vi.stubGlobal('structuredClone', blobKeepingClone);
  await resetLocalDatabase(TEST_USER);
});
afterEach(() => vi.unstubAllGlobals());

describe('create (offline-capable: one Dexie transaction)', () => {
  it('writes the record, its outbox row and the images together', async () => {
    const id = await createCalibration(TEST_USER, VALUES, phantom(), 'phantom.zip');
    const record = await db.calibrations.get(id);
    expect(record).toMatchObject({ id, userId: TEST_USER, ...VALUES, imagesUrl: null });
    expect(record!.version).toBeUndefined();
    const [row] = await outbox();
    expect(row).toMatchObject({ kind: CALIBRATION_CREATE, entityId: id, state: 'pending', attempts: 0, payload: { userId: TEST_USER, fields: VALUES } });
    expect(row!.fileIds).toHaveLength(1);
    const [file] = await db.blobs.bulkGet(row!.fileIds);
    expect(file).toMatchObject({ name: 'phantom.zip', type: 'application/zip', size: 13 });
  });

  it('writes nothing when the transaction fails (no record, no row, no file)', async () => {
    // The outbox refuses the row (its last step): the record and the stored images roll back with it.
    const refuse = () => {
      throw new Error('disk says no');
    };
    db.outbox.hook('creating', refuse);
    try {
      await expect(createCalibration(TEST_USER, VALUES, phantom())).rejects.toThrow('disk says no');
    } finally {
      db.outbox.hook('creating').unsubscribe(refuse);
    }
    expect(await db.calibrations.count()).toBe(0);
    expect(await db.blobs.count()).toBe(0);
    expect(await outbox()).toEqual([]);
  });
});

describe('update', () => {
  it('of a synced calibration: changes it here and queues one update (with new images when picked)', async () => {
    const id = await synced();
    const outcome = await updateCalibration(TEST_USER, id, { ...VALUES, phantomVolume: 250 }, phantom('new'), 'new.zip');
    expect(outcome.how).toBe('queued');
    expect(await db.calibrations.get(id)).toMatchObject({ phantomVolume: 250, version: 3 });
    const [row] = await outbox();
    expect(row).toMatchObject({ kind: CALIBRATION_UPDATE, entityId: id, payload: { fields: { phantomVolume: 250 }, previous: { phantomVolume: 200, version: 3 } } });
    expect((await db.blobs.get(row!.fileIds[0]!))?.name).toBe('new.zip');
  });

  it('without new images sends none (the server keeps the current ones)', async () => {
    const id = await synced();
    await updateCalibration(TEST_USER, id, { ...VALUES, acquisitionTime: 900 });
    expect((await outbox())[0]!.fileIds).toEqual([]);
    expect(await db.blobs.count()).toBe(0);
  });

  it('of a calibration whose create is still queued: the create takes the new values (no second write)', async () => {
    const id = await createCalibration(TEST_USER, VALUES, phantom());
    const [create] = await outbox();
    const outcome = await updateCalibration(TEST_USER, id, { ...VALUES, calibrationName: 'Lu-177 abril' });
    expect(outcome).toEqual({ how: 'merged', rowId: create!.id });
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: CALIBRATION_CREATE, payload: { fields: { calibrationName: 'Lu-177 abril' } }, fileIds: create!.fileIds });

    // New images replace the queued ones; the old file goes.
    await updateCalibration(TEST_USER, id, VALUES, phantom('other'), 'other.zip');
    const [merged] = await outbox();
    expect(merged!.fileIds).not.toEqual(create!.fileIds);
    expect((await db.blobs.toArray()).map((file) => file.name)).toEqual(['other.zip']);
  });

  it('after the create was tried once (it may have reached the server): a separate update follows it', async () => {
    const id = await createCalibration(TEST_USER, VALUES, phantom());
    await db.outbox.toCollection().modify({ attempts: 1, lastError: 'Sem conexão com o servidor.' });
    expect((await updateCalibration(TEST_USER, id, { ...VALUES, phantomVolume: 210 })).how).toBe('queued');
    expect((await outbox()).map((row) => row.kind)).toEqual([CALIBRATION_CREATE, CALIBRATION_UPDATE]);
  });

  it('of a refused write (edit and retry): the write takes the correction and goes again with a new Idempotency-Key', async () => {
    const id = await createCalibration(TEST_USER, VALUES, phantom());
    const [create] = await outbox();
    await db.outbox.update(create!.seq!, { state: 'failed', attempts: 1, lastStatus: 400, lastError: 'calibration_name: Você já tem uma calibração com este nome.' });
    const outcome = await updateCalibration(TEST_USER, id, { ...VALUES, calibrationName: 'Lu-177 março B' });
    expect(outcome.how).toBe('retried');
    const [again] = await outbox();
    expect(again).toMatchObject({ seq: create!.seq, kind: CALIBRATION_CREATE, state: 'pending', attempts: 0, lastError: null, payload: { fields: { calibrationName: 'Lu-177 março B' } } });
    expect(again!.id).not.toBe(create!.id);
  });

  it('of a calibration no longer here: refused', async () => {
    await expect(updateCalibration(TEST_USER, 'gone', VALUES)).rejects.toBeInstanceOf(LocalRecordMissingError);
  });
});

describe('delete', () => {
  it('of a synced calibration: gone here at once, one delete queued with If-Match, even when asked twice', async () => {
    const id = await synced();
    expect(await deleteCalibration(TEST_USER, id)).toBe(true);
    expect(await deleteCalibration(TEST_USER, id)).toBe(false);
    expect(await db.calibrations.get(id)).toBeUndefined();
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: CALIBRATION_DELETE, entityId: id, payload: { userId: TEST_USER, baseVersion: 3, previous: { calibrationName: VALUES.calibrationName, version: 3 } } });
  });

  it('of a calibration the server never got: its queued create and images just go, nothing is sent', async () => {
    const id = await createCalibration(TEST_USER, VALUES, phantom());
    await updateCalibration(TEST_USER, id, VALUES, phantom('b'));
    expect(await deleteCalibration(TEST_USER, id)).toBe(true);
    expect(await outbox()).toEqual([]);
    expect(await db.blobs.count()).toBe(0);
    expect(await db.calibrations.count()).toBe(0);
  });

  it('drops queued updates (the delete supersedes them) and sends no If-Match when one may have reached the server', async () => {
    const id = await synced();
    await updateCalibration(TEST_USER, id, { ...VALUES, phantomVolume: 300 }, phantom());
    await db.outbox.toCollection().modify({ attempts: 1 });
    await deleteCalibration(TEST_USER, id);
    const rows = await outbox();
    expect(rows.map((row) => row.kind)).toEqual([CALIBRATION_DELETE]);
    expect(rows[0]!.payload).toMatchObject({ baseVersion: null, previous: { phantomVolume: 200 } });
    expect(await db.blobs.count()).toBe(0);
  });

  it('after a create in flight: queued behind it, without If-Match', async () => {
    const id = await createCalibration(TEST_USER, VALUES, phantom());
    await db.outbox.toCollection().modify({ state: 'sending', attempts: 1 });
    await deleteCalibration(TEST_USER, id);
    expect((await outbox()).map((row) => [row.kind, row.state])).toEqual([
      [CALIBRATION_CREATE, 'sending'],
      [CALIBRATION_DELETE, 'pending'],
    ]);
    expect((await outbox())[1]!.payload).toMatchObject({ baseVersion: null });
  });
});
