import { onEnqueued } from './outbox.ts';

/**
 * When the drainer looks at the outbox: a write queued in this tab, focus and visibility (what is due),
 * and the signs that the network is back: the browser's `online` and the service worker's Background
 * Sync (`sync`), which make the writes waiting for the network due at once.
 */

export const SYNC_CHANNEL = 'dosehub-sync';

export interface DrainTriggers {
  /** Send what is due. */
  due: () => void;
  /** The network may be back: send what waits for it too. */
  reconnected: () => void;
}

const isSyncMessage = (event: MessageEvent) => (event.data as { type?: unknown } | null)?.type === 'sync';

/** Listens until the returned function is called. */
export function listenForDrainTriggers({ due, reconnected }: DrainTriggers): () => void {
  const onVisible = () => document.visibilityState === 'visible' && due();
  const onWorkerMessage = (event: MessageEvent) => isSyncMessage(event) && reconnected();
  window.addEventListener('online', reconnected);
  window.addEventListener('focus', due);
  document.addEventListener('visibilitychange', onVisible);
  const cleanups = [
    () => window.removeEventListener('online', reconnected),
    () => window.removeEventListener('focus', due),
    () => document.removeEventListener('visibilitychange', onVisible),
    onEnqueued(due),
  ];
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(SYNC_CHANNEL);
    channel.addEventListener('message', onWorkerMessage);
    cleanups.push(() => channel.close());
  }
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (worker) {
    worker.addEventListener('message', onWorkerMessage);
    cleanups.push(() => worker.removeEventListener('message', onWorkerMessage));
  }
  return () => cleanups.forEach((cleanup) => cleanup());
}

/**
 * Asks the browser to wake the service worker with a `sync` event once it is back online (Background
 * Sync, Chromium), which tells the open tabs to send at once. Where the API is missing, the `online`
 * event and the probes do the same.
 */
export function requestBackgroundSync() {
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  void worker?.ready
    .then((registration) => (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(SYNC_CHANNEL))
    .catch(() => undefined);
}
