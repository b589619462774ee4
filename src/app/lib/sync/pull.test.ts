import { db, localWrite, openUserDatabase, type NotificationRecord } from '../db.ts';
import { OTHER_USER, TEST_USER, resetLocalDatabase } from '../testing/local-first.ts';
import { changeRow, enqueue, queueScope } from './outbox.ts';
import { StalePullError, lastPull, pullCollection } from './pull.ts';

const note = (id: string, message: string, checked = false): NotificationRecord => ({ id, message, kind: 'update', checked, createdAt: '2026-11-22T12:00:00Z' });

async function queue(entityId: string) {
  return localWrite(queueScope(), (tx) => enqueue(tx, { kind: 'notification.check', entityId, payload: {} }));
}

beforeEach(() => resetLocalDatabase());

describe('pullCollection: merge rules (docs/architecture.md §4)', () => {
  it('fills an empty table and records the pull', async () => {
    const result = await pullCollection('notifications', async () => [note('a', 'A'), note('b', 'B')], { now: () => 1234 });
    expect(result).toEqual({ count: 2, pulledAt: 1234 });
    expect(await db.notifications.count()).toBe(2);
    expect(await lastPull('notifications')).toBe(1234);
    expect(await db.meta.get('lastPull.notifications')).toEqual({ key: 'lastPull.notifications', value: 1234 });
  });

  it('server wins for rows with no unsent local write', async () => {
    await db.notifications.put(note('a', 'old text', true));
    await pullCollection('notifications', async () => [note('a', 'new text', false)]);
    expect(await db.notifications.get('a')).toMatchObject({ message: 'new text', checked: false });
  });

  it('keeps the local row while a write of it is unsent (pending, failed or conflict)', async () => {
    await db.notifications.bulkPut([note('a', 'A', true), note('b', 'B', true), note('c', 'C', true)]);
    const rows = await Promise.all(['a', 'b', 'c'].map(queue));
    await changeRow(rows[1]!.seq!, { state: 'failed' });
    await changeRow(rows[2]!.seq!, { state: 'conflict' });
    await pullCollection('notifications', async () => [note('a', 'A', false), note('b', 'B', false), note('c', 'C', false)]);
    expect((await db.notifications.toArray()).map((n) => n.checked)).toEqual([true, true, true]);
  });

  it('takes the server copy again once the write is done', async () => {
    await db.notifications.put(note('a', 'A', true));
    const row = await queue('a');
    await changeRow(row.seq!, { state: 'done' });
    await pullCollection('notifications', async () => [note('a', 'A2', true)]);
    expect(await db.notifications.get('a')).toMatchObject({ message: 'A2' });
  });

  it('removes rows the server deleted, unless they have an unsent write (e.g. created offline)', async () => {
    await db.notifications.bulkPut([note('gone', 'G'), note('offline', 'O'), note('kept', 'K')]);
    await queue('offline');
    await pullCollection('notifications', async () => [note('kept', 'K')]);
    expect((await db.notifications.toCollection().primaryKeys()).toSorted()).toEqual(['kept', 'offline']);
  });

  it('does not resurrect a row deleted locally while its delete is unsent', async () => {
    await queue('deleted-here');
    await pullCollection('notifications', async () => [note('deleted-here', 'still on the server')]);
    expect(await db.notifications.get('deleted-here')).toBeUndefined();
  });

  it('writes nothing when the fetch fails', async () => {
    await db.notifications.put(note('a', 'A'));
    await expect(pullCollection('notifications', () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(await db.notifications.count()).toBe(1);
    expect(await lastPull('notifications')).toBeNull();
  });

  it("discards an answer that arrives after another user opened the database", async () => {
    const pull = pullCollection('notifications', async () => {
      await openUserDatabase(OTHER_USER);
      return [note('a', 'previous user')];
    });
    await expect(pull).rejects.toBeInstanceOf(StalePullError);
    expect(await db.notifications.count()).toBe(0);
  });

  it('refuses to pull before the database is opened for a user', async () => {
    await resetLocalDatabase(null);
    await expect(pullCollection('notifications', async () => [])).rejects.toBeInstanceOf(StalePullError);
    await openUserDatabase(TEST_USER);
  });
});
