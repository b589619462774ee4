import Dexie from 'dexie';
import { DATABASE_NAME, db, getDatabaseUser, isQuotaExceededError, localWrite, openUserDatabase, setReloadHandler, wipeDatabase } from './db.ts';
import { setupI18n } from '#tests/utils/render.tsx';
import { OTHER_USER, TEST_USER, resetLocalDatabase } from './testing/local-first.ts';
import { addRowUnnoticed, rowCount } from '#app/lib/sync/outbox.ts';

const showMessage = vi.hoisted(() => vi.fn());
vi.mock('#app/ui/message-banner.ts', () => ({ showMessage }));

const notification = (id: string) => ({ id, message: 'Calibração criada.', kind: 'success' as const, checked: false, createdAt: '2026-11-22T12:00:00Z' });

beforeEach(() => resetLocalDatabase(null));

describe('the local database (docs/architecture.md §4)', () => {
  it('has the tables and indexes of the schema', async () => {
    await openUserDatabase(TEST_USER);
    const schema = Object.fromEntries(
      db.tables.map((table) => [table.name, [table.schema.primKey.src, ...table.schema.indexes.map((index) => index.src)].join(', ')]),
    );
    expect(schema).toEqual({
      calibrations: 'id, calibrationName, measurementDatetime',
      orders: 'id, createdAt',
      analyses: 'id, orderId',
      notifications: 'id, createdAt',
      isotopes: 'id, filter',
      outbox: '++seq, &id, state, entityId, kind',
      blobs: 'id',
      meta: 'key',
      quotes: 'id',
      pseudonyms: 'entityId',
      signatures: 'id',
    });
    expect(db.name).toBe(DATABASE_NAME);
    expect(db.verno).toBe(5);
  });

  it('records whose data it holds', async () => {
    expect(getDatabaseUser()).toBeNull();
    await openUserDatabase(TEST_USER);
    expect(getDatabaseUser()).toBe(TEST_USER);
    expect(await db.meta.get('userId')).toEqual({ key: 'userId', value: TEST_USER });
  });

  it('keeps the data when the same user opens it again (e.g. after the session expired)', async () => {
    await openUserDatabase(TEST_USER);
    await db.notifications.put(notification('n1'));
    await wipeDatabaseUserOnly();
    await openUserDatabase(TEST_USER);
    expect(await db.notifications.count()).toBe(1);
  });

  it('wipes everything of the previous user before another user opens it', async () => {
    await openUserDatabase(TEST_USER);
    await db.notifications.put(notification('n1'));
    await addRowUnnoticed({ id: 'o1', kind: 'k', entityId: 'n1', payload: {}, fileIds: [], queuedAt: 1, attempts: 0, state: 'pending', lastError: null, lastStatus: null, nextAttemptAt: 1 });
    await db.meta.put({ key: 'lastPull.notifications', value: 1 });
    await openUserDatabase(OTHER_USER);
    expect(getDatabaseUser()).toBe(OTHER_USER);
    expect(await db.notifications.count()).toBe(0);
    expect(await rowCount()).toBe(0);
    expect(await db.meta.toArray()).toEqual([{ key: 'userId', value: OTHER_USER }]);
  });

  it('opens for one user once when asked twice at the same time', async () => {
    await openUserDatabase(TEST_USER);
    await db.notifications.put(notification('n1'));
    await Promise.all([openUserDatabase(OTHER_USER), openUserDatabase(OTHER_USER)]);
    await db.notifications.put(notification('n2'));
    await openUserDatabase(OTHER_USER);
    expect(await db.notifications.toCollection().primaryKeys()).toEqual(['n2']);
  });

  it('wipeDatabase deletes everything and forgets the user; the database reopens empty', async () => {
    await openUserDatabase(TEST_USER);
    await db.notifications.put(notification('n1'));
    // Who a de-identified study belonged to (issue 19) goes with the rest at logout.
    await db.pseudonyms.put({ entityId: 'a1', patients: [{ name: 'Silva^Maria', id: 'MRN-1' }], createdAt: '2026-11-26T08:00:00Z' });
    await wipeDatabase();
    expect(getDatabaseUser()).toBeNull();
    expect(await db.notifications.count()).toBe(0);
    expect(await db.pseudonyms.count()).toBe(0);
    expect(await db.meta.count()).toBe(0);
  });

  it("version 2 renames v1's `createAt` of kept calibrations to `createdAt`, keeping everything else", async () => {
    await wipeDatabase();
    const old = new Dexie(DATABASE_NAME);
    old.version(1).stores({ calibrations: 'id, calibrationName, measurementDatetime', meta: 'key' });
    await old.table('calibrations').put({ id: 'c1', calibrationName: 'Lu-177', createAt: '2026-03-10T14:10:00.000Z' });
    await old.table('meta').put({ key: 'userId', value: TEST_USER });
    old.close();
    await openUserDatabase(TEST_USER);
    expect(await db.calibrations.get('c1')).toEqual({ id: 'c1', calibrationName: 'Lu-177', createdAt: '2026-03-10T14:10:00.000Z' });
  });

  it('closes and reloads when another tab upgrades or deletes the database', async () => {
    const reload = vi.fn();
    const previous = setReloadHandler(reload);
    try {
      await openUserDatabase(TEST_USER);
      // Another tab: a new deploy with a higher schema version.
      const otherTab = new Dexie(DATABASE_NAME);
      otherTab.version(6).stores({ meta: 'key' });
      await otherTab.open();
      expect(reload).toHaveBeenCalledTimes(1);
      otherTab.close();
    } finally {
      setReloadHandler(previous);
    }
  });

  it('reopens a connection that was closed under it (iOS drops them) and runs the write', async () => {
    await openUserDatabase(TEST_USER);
    db.close();
    await localWrite([db.notifications], () => db.notifications.put(notification('n1')));
    expect(await db.notifications.count()).toBe(1);
  });
});

describe('a full disk', () => {
  it('is shown in the message banner (kept open) and rethrown, not swallowed', async () => {
    await setupI18n('pt-BR');
    await openUserDatabase(TEST_USER);
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    await expect(
      localWrite([db.notifications], () => {
        throw quota;
      }),
    ).rejects.toMatchObject({ name: 'QuotaExceededError' });
    expect(showMessage).toHaveBeenCalledWith({ type: 'error', message: expect.stringContaining('Não há espaço') as string, timeout: false });
  });

  it.each([
    [new DOMException('x', 'QuotaExceededError'), true],
    [Object.assign(new Error('wrapped'), { name: 'AbortError', inner: new DOMException('x', 'QuotaExceededError') }), true],
    [new Dexie.QuotaExceededError('x'), true],
    [new Error('other'), false],
    ['QuotaExceededError', false],
  ])('recognises %o → %s', (error, expected) => {
    expect(isQuotaExceededError(error)).toBe(expected);
  });
});

/** A session that ended without logout: the database stays, only the in-memory owner is forgotten. */
async function wipeDatabaseUserOnly() {
  db.close();
  await db.open();
}
