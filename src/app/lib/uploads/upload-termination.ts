import { refreshSession, sendRequest } from '../api-client.ts';
import { db, localWrite } from '../db.ts';
import { authChangeListeners, isSignedIn, readAuthState, type AuthState } from '../session.ts';
import { subscribeConnectivity } from '../sync/connectivity.ts';

/**
 * Ending cancelled uploads on the server (tus termination: `DELETE /api/v1/uploads/{id}/`), so their
 * partial bytes do not wait for the daily sweep. The upload's URL is queued in `db.meta` first, so a
 * cancel never waits for the network: sent at once when possible, otherwise when the app is back
 * online and at the next start or sign-in, until the server confirms (404 too: already gone) or a
 * day has passed (the sweep removed it by then).
 */

const QUEUE_KEY = 'uploadTerminations';
const GIVE_UP_MS = 24 * 3600_000;
const REQUEST_TIMEOUT_MS = 30_000;

interface Termination {
  url: string;
  queuedAt: number;
}

/** The upload's id: the last path segment of its URL. */
export const uploadIdOf = (url: string) => new URL(url).pathname.replace(/\/+$/, '').split('/').pop() ?? '';

async function readQueue(): Promise<Termination[]> {
  const value = (await db.meta.get(QUEUE_KEY))?.value;
  return Array.isArray(value) ? (value as Termination[]) : [];
}

function changeQueue(change: (queue: Termination[]) => Termination[]) {
  return localWrite([db.meta], async () => {
    await db.meta.put({ key: QUEUE_KEY, value: change(await readQueue()) });
  });
}

/** Queues the end of an upload on the server (kept across reloads until it is confirmed). */
export function queueUploadTermination(url: string) {
  return changeQueue((queue) => [...queue.filter((entry) => entry.url !== url), { url, queuedAt: Date.now() }]);
}

/** The upload URLs still waiting for the server to end them. */
export async function queuedUploadTerminations(): Promise<string[]> {
  return (await readQueue()).map((entry) => entry.url);
}

/** One tus DELETE (with the session cookies, one refresh on 401): true when the upload is gone from the server. */
async function terminate(url: string): Promise<boolean> {
  const request = () =>
    sendRequest(`/uploads/${uploadIdOf(url)}/`, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0' }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  let response = await request();
  if (response.status === 401 && (await refreshSession())) response = await request();
  return response.ok || response.status === 404 || response.status === 410;
}

async function terminateQueue() {
  const ended = new Set<string>();
  for (const entry of await readQueue()) {
    const expired = Date.now() - entry.queuedAt > GIVE_UP_MS;
    if (expired || (await terminate(entry.url).catch(() => false))) ended.add(entry.url);
  }
  if (ended.size > 0) await changeQueue((queue) => queue.filter((entry) => !ended.has(entry.url)));
}

let running: Promise<void> | null = null;
let runAgain = false;

/** Sends the queued terminations (one run at a time in this tab; a call during a run makes one more run). */
export function terminateQueuedUploads(): Promise<void> {
  if (running) {
    runAgain = true;
    return running;
  }
  running = (async () => {
    do {
      runAgain = false;
      if (isSignedIn(readAuthState())) await terminateQueue();
    } while (runAgain);
  })().finally(() => {
    running = null;
  });
  return running;
}

const terminateSoon = () => void terminateQueuedUploads().catch(() => undefined);

/** Sends the queued terminations each time the app is back online. Returns the stop function. */
export function terminateUploadsWhenOnline() {
  return subscribeConnectivity(({ online }) => {
    if (online) terminateSoon();
  });
}

/** Sends the queued terminations now, on each sign-in and each return online (signed-in-runtime.tsx). Returns the stop function. */
export function startUploadTerminations() {
  const onAuth = (auth: AuthState | null) => {
    if (isSignedIn(auth)) terminateSoon();
  };
  authChangeListeners.add(onAuth);
  onAuth(readAuthState());
  const stopOnline = terminateUploadsWhenOnline();
  return () => {
    authChangeListeners.delete(onAuth);
    stopOnline();
  };
}
