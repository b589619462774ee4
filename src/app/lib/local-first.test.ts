import { db, getDatabaseUser } from './db.ts';
import { requestPersistentStorage, startLocalFirst } from './local-first.ts';
import { clearAuthState, saveAuthState } from './session.ts';
import { outboxDrainer } from './sync/drainer.ts';
import { OTHER_USER, TEST_USER, fakeApi, resetLocalDatabase } from './testing/local-first.ts';

function stubStorage(persisted: boolean, granted: boolean) {
  const storage = { persisted: vi.fn(async () => persisted), persist: vi.fn(async () => granted) };
  Object.defineProperty(navigator, 'storage', { configurable: true, value: storage });
  return storage;
}

let stop: (() => void) | undefined;

beforeEach(async () => {
  await resetLocalDatabase(null);
  vi.stubGlobal('fetch', fakeApi({ 'GET /health/': { body: { status: 'ok' } } }).fetch);
});
afterEach(async () => {
  stop?.();
  stop = undefined;
  await outboxDrainer.stop();
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'storage', { configurable: true, value: undefined });
});

describe('requestPersistentStorage', () => {
  it.each([
    [true, false, 'persisted'],
    [false, true, 'persisted'],
    [false, false, 'best-effort'],
  ] as const)('already persisted %s, granted %s → %s', async (persisted, granted, expected) => {
    stubStorage(persisted, granted);
    expect(await requestPersistentStorage()).toBe(expected);
  });

  it('is "unsupported" without the Storage API', async () => {
    expect(await requestPersistentStorage()).toBe('unsupported');
  });
});

describe('startLocalFirst: the engine follows the session', () => {
  it('on sign-in opens the database for the user, asks for persistent storage and starts the drainer; on sign-out stops it', async () => {
    const storage = stubStorage(false, true);
    stop = startLocalFirst();
    expect(outboxDrainer.isStarted()).toBe(false);

    saveAuthState({ id: TEST_USER, isStaff: false });
    await vi.waitFor(() => expect(getDatabaseUser()).toBe(TEST_USER));
    await vi.waitFor(() => expect(storage.persist).toHaveBeenCalled());
    expect(outboxDrainer.isStarted()).toBe(true);

    clearAuthState();
    await vi.waitFor(() => expect(outboxDrainer.isStarted()).toBe(false));
    // Signing out is not a logout: the same user's queued writes stay for the next sign-in.
    expect(getDatabaseUser()).toBe(TEST_USER);
  });

  it("wipes the previous user's data when another user signs in", async () => {
    stop = startLocalFirst();
    saveAuthState({ id: TEST_USER, isStaff: false });
    await vi.waitFor(() => expect(getDatabaseUser()).toBe(TEST_USER));
    await db.notifications.put({ id: 'n1', message: 'x', kind: 'update', checked: false, createdAt: '2026-11-22T12:00:00Z' });
    saveAuthState({ id: OTHER_USER, isStaff: false });
    await vi.waitFor(() => expect(getDatabaseUser()).toBe(OTHER_USER));
    expect(await db.notifications.count()).toBe(0);
  });

  it('opens the database at start when already signed in', async () => {
    saveAuthState({ id: TEST_USER, isStaff: false });
    stop = startLocalFirst();
    await vi.waitFor(() => expect(getDatabaseUser()).toBe(TEST_USER));
  });
});
