import { UUID_V7_PATTERN } from '#shared/ids/uuid-v7.ts';
import { db, localWrite, uploadRecordKey, type NotificationRecord } from '../db.ts';
import { resetLocalDatabase } from '../testing/local-first.ts';
import { allRows, changeRow, deleteUnusedFiles, discardWrite, enqueue, entitiesWithUnsentWrites, fileTables, onEnqueued, queueScope, retryWrite, rowCount, storeFile, unsentCount, unsentRowsOf } from './outbox.ts';

const notification = (id: string, checked = false): NotificationRecord => ({
  id,
  message: 'Análise concluída.',
  kind: 'success',
  checked,
  createdAt: '2026-11-22T12:00:00Z',
});

async function queue(entityId: string, payload: unknown = {}, kind = 'test.write') {
  return localWrite(queueScope(), (tx) => enqueue(tx, { kind, entityId, payload }));
}

beforeEach(() => resetLocalDatabase());

describe('enqueue', () => {
  it('writes a pending row with a UUIDv7 id (the Idempotency-Key) and its bookkeeping', async () => {
    const before = Date.now();
    const row = await queue('e1', { checked: true });
    const [stored] = await allRows();
    expect(stored).toEqual(row);
    expect(stored).toMatchObject({ kind: 'test.write', entityId: 'e1', payload: { checked: true }, fileIds: [], attempts: 0, state: 'pending', lastError: null, lastStatus: null });
    expect(stored!.id).toMatch(UUID_V7_PATTERN);
    expect(stored!.queuedAt).toBeGreaterThanOrEqual(before);
    expect(stored!.nextAttemptAt).toBe(stored!.queuedAt);
  });

  it('is atomic with the entity write: a transaction that fails writes neither', async () => {
    await db.notifications.put(notification('n1'));
    await expect(
      localWrite(queueScope(db.notifications), async (tx) => {
        await db.notifications.update('n1', { checked: true });
        await enqueue(tx, { kind: 'notification.check', entityId: 'n1', payload: {} });
        throw new Error('something after the enqueue failed');
      }),
    ).rejects.toThrow('something after the enqueue failed');
    expect(await db.notifications.get('n1')).toMatchObject({ checked: false });
    expect(await rowCount()).toBe(0);
  });

  it('commits the entity and the row together', async () => {
    await db.notifications.put(notification('n1'));
    await localWrite(queueScope(db.notifications), async (tx) => {
      await db.notifications.update('n1', { checked: true });
      await enqueue(tx, { kind: 'notification.check', entityId: 'n1', payload: {} });
    });
    expect(await db.notifications.get('n1')).toMatchObject({ checked: true });
    expect(await unsentCount()).toBe(1);
  });

  it('refuses a transaction that does not include the outbox (the row could not be atomic)', async () => {
    await expect(localWrite([db.notifications], (tx) => enqueue(tx, { kind: 'k', entityId: 'n1', payload: {} }))).rejects.toThrow();
    expect(await rowCount()).toBe(0);
  });

  it('tells listeners after the transaction commits, not when it fails', async () => {
    const told = vi.fn();
    const stop = onEnqueued(told);
    await queue('e1');
    expect(told).toHaveBeenCalledTimes(1);
    await localWrite(queueScope(), async (tx) => {
      await enqueue(tx, { kind: 'k', entityId: 'e2', payload: {} });
      throw new Error('rolled back');
    }).catch(() => undefined);
    expect(told).toHaveBeenCalledTimes(1);
    stop();
  });

  it('keeps files with the write in the same transaction', async () => {
    const row = await localWrite(fileTables(), async (tx) => {
      const fileId = await storeFile(tx, new Blob(['phantom'], { type: 'application/dicom' }), 'phantom.dcm');
      return enqueue(tx, { kind: 'calibration.create', entityId: 'c1', payload: {}, fileIds: [fileId] });
    });
    const [file] = await db.blobs.bulkGet(row.fileIds);
    expect(file).toMatchObject({ name: 'phantom.dcm', type: 'application/dicom', size: 7 });
  });
});

describe('reads', () => {
  it('lists the unsent writes of an entity in order, and the entities with unsent writes', async () => {
    const a = await queue('e1', { n: 1 });
    await queue('e2');
    const b = await queue('e1', { n: 2 });
    await changeRow(a.seq!, { state: 'done' });
    expect((await unsentRowsOf('e1')).map((row) => row.id)).toEqual([b.id]);
    expect(await entitiesWithUnsentWrites()).toEqual(new Set(['e1', 'e2']));
    await changeRow(b.seq!, { state: 'failed' });
    expect(await entitiesWithUnsentWrites()).toEqual(new Set(['e1', 'e2']));
  });
});

describe("the user's choices", () => {
  it('retryWrite: pending again, a new Idempotency-Key, same place in the queue, optionally an edited payload', async () => {
    const row = await queue('e1', { name: 'Calib A' });
    await changeRow(row.seq!, { state: 'failed', attempts: 3, lastError: 'Nome já existe.', lastStatus: 409 });
    await retryWrite(row.id, { payload: { name: 'Calib B' } });
    const [again] = await allRows();
    expect(again).toMatchObject({ seq: row.seq, state: 'pending', attempts: 0, lastError: null, lastStatus: null, payload: { name: 'Calib B' } });
    expect(again!.id).not.toBe(row.id);
    expect(again!.id).toMatch(UUID_V7_PATTERN);
  });

  it('discardWrite: drops the write and the later ones of the same entity, and files nobody else needs', async () => {
    const [shared, own] = await localWrite([db.blobs], (tx) => Promise.all([storeFile(tx, new Blob(['a'])), storeFile(tx, new Blob(['b']))]));
    const first = await localWrite(queueScope(), (tx) => enqueue(tx, { kind: 'k', entityId: 'e1', payload: 1, fileIds: [shared!, own!] }));
    const second = await queue('e1', 2);
    const other = await localWrite(queueScope(), (tx) => enqueue(tx, { kind: 'k', entityId: 'e2', payload: 3, fileIds: [shared!] }));
    const dropped = await discardWrite(first.id);
    expect(dropped.map((row) => row.id)).toEqual([first.id, second.id]);
    expect((await allRows()).map((row) => row.id)).toEqual([other.id]);
    expect(await db.blobs.toCollection().primaryKeys()).toEqual([shared]);
  });

  it('deleteUnusedFiles keeps files an unsent write still refers to', async () => {
    const fileId = await localWrite([db.blobs], (tx) => storeFile(tx, new Blob(['x'])));
    await localWrite(queueScope(), (tx) => enqueue(tx, { kind: 'k', entityId: 'e1', payload: {}, fileIds: [fileId] }));
    await localWrite(fileTables(), () => deleteUnusedFiles([fileId]));
    expect(await db.blobs.count()).toBe(1);
  });

  it("deleteUnusedFiles takes an unused file's upload record with it, and leaves the others' alone", async () => {
    const [unused, kept] = await localWrite([db.blobs], async (tx) => [await storeFile(tx, new Blob(['a'])), await storeFile(tx, new Blob(['b']))]);
    await db.meta.bulkPut([unused!, kept!].map((fileId) => ({ key: uploadRecordKey(fileId), value: { fileId } })));
    await localWrite(fileTables(), () => deleteUnusedFiles([unused!]));
    expect(await db.blobs.toCollection().primaryKeys()).toEqual([kept]);
    expect(await db.meta.get(uploadRecordKey(unused!))).toBeUndefined();
    expect(await db.meta.get(uploadRecordKey(kept!))).toBeDefined();
  });
});
