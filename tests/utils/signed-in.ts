import { act } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { saveAuthState, type AuthState } from '#app/lib/session.ts';
import { setConnectivityForTests } from '#app/lib/sync/connectivity.ts';
import { resetLocalDatabase } from '#app/lib/testing/local-first.ts';

/** Mantine's banners outlive the render that showed them, and stubbed globals the test that stubbed them: both go after each test (after `extra`). */
export function cleanUpAfterEachTest(extra?: () => void) {
  afterEach(() => {
    extra?.();
    act(() => notifications.clean());
    vi.unstubAllGlobals();
  });
}

export interface SignedInOptions {
  /** Globals stubbed before each test, e.g. `{ structuredClone: blobKeepingClone }`. */
  globals?: Record<string, unknown>;
  /** False where the screens keep nothing on this device (the back-office): the local database is left alone. */
  localDatabase?: boolean;
  /** Runs first after each test, e.g. the undo of the senders a test registered. */
  afterEach?: () => void;
}

/** The signed-in screens' tests share one start (signed in as `auth`, online, an empty local database) and one clean-up (`cleanUpAfterEachTest`). */
export function setupSignedInTests(auth: AuthState, { globals = {}, localDatabase = true, afterEach: extra }: SignedInOptions = {}) {
  beforeEach(async () => {
    for (const [name, value] of Object.entries(globals)) vi.stubGlobal(name, value);
    saveAuthState(auth);
    setConnectivityForTests(true);
    if (localDatabase) await resetLocalDatabase(auth.id);
  });
  cleanUpAfterEachTest(extra);
}
