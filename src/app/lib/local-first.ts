import { openUserDatabase, reportStorageError } from './db.ts';
import { authChangeListeners, isSignedIn, readAuthState, type AuthState } from './session.ts';
import { outboxDrainer } from './sync/drainer.ts';

/**
 * Wires the local-first engine to the session (docs/architecture.md §4): on sign-in (and at start when signed
 * in) the database opens for that user (another user's data is wiped), persistent storage is asked
 * for, and the outbox drainer starts; on sign-out the drainer stops (the queued writes stay for the
 * same user's next sign-in; `requestLogout` is what deletes them).
 */

export type PersistentStorage = 'persisted' | 'best-effort' | 'unsupported';

/** Asks the browser not to evict our data under storage pressure (Safari's 7-day rule, docs/reference/pwa-notes.md §3.3). */
export async function requestPersistentStorage(): Promise<PersistentStorage> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage?.persist) return 'unsupported';
  try {
    if (await storage.persisted?.()) return 'persisted';
    return (await storage.persist()) ? 'persisted' : 'best-effort';
  } catch {
    return 'best-effort';
  }
}

/** Opens the local data of a signed-in user and starts sending their queued writes. */
export async function activateUser(auth: AuthState | null) {
  if (!isSignedIn(auth)) {
    await outboxDrainer.stop();
    return;
  }
  try {
    await openUserDatabase(auth.id);
  } catch (error) {
    if (!reportStorageError(error)) console.error('local database: open failed', error);
    return;
  }
  outboxDrainer.resumeSession();
  if (outboxDrainer.isStarted()) void outboxDrainer.drain();
  else outboxDrainer.start();
  void requestPersistentStorage();
}

/**
 * Starts the engine (the signed-in runtime, once; the connectivity monitor it follows is started for
 * everyone by main.tsx). Returns the stop function.
 */
export function startLocalFirst() {
  const onAuthChange = (auth: AuthState | null) => void activateUser(auth);
  authChangeListeners.add(onAuthChange);
  // A full disk met by a write nobody awaited is still the user's to know.
  const onRejection = (event: PromiseRejectionEvent) => {
    if (reportStorageError(event.reason)) event.preventDefault();
  };
  window.addEventListener('unhandledrejection', onRejection);
  void activateUser(readAuthState());
  return () => {
    authChangeListeners.delete(onAuthChange);
    window.removeEventListener('unhandledrejection', onRejection);
    void outboxDrainer.stop();
  };
}
