import { registerSW } from 'virtual:pwa-register';
import { useSyncExternalStore } from 'react';

/** Checks for a new version this often while the app stays open (and whenever it becomes visible). */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

interface UpdateState {
  /** A new version is installed and waiting for the user's go-ahead. */
  waiting: boolean;
}

let state: UpdateState = { waiting: false };
let applyUpdate: ((reload?: boolean) => Promise<void>) | null = null;
const listeners = new Set<() => void>();

function setState(next: UpdateState) {
  state = next;
  listeners.forEach((listener) => listener());
}

function watchForUpdates(registration: ServiceWorkerRegistration) {
  const check = () => {
    if (!registration.installing && navigator.onLine) void registration.update().catch(() => undefined);
  };
  setInterval(check, UPDATE_CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/** Registers the service worker of a production build: it precaches the app so it opens offline. */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  applyUpdate = registerSW({
    onNeedRefresh: () => setState({ waiting: true }),
    // Workbox reloads only when the page was controlled at registration; installUpdate() reloads itself.
    onNeedReload: () => undefined,
    onRegisteredSW: (_url, registration) => registration && watchForUpdates(registration),
    onRegisterError: (error: unknown) => console.error('Service worker registration failed', error),
  });
}

/**
 * Activates the waiting version and reloads into it once it controls the page (queued writes stay in
 * IndexedDB). Listening here also covers a first visit, whose page the worker claimed after it loaded.
 */
export function installUpdate() {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  void applyUpdate?.(true);
}

export function dismissUpdate() {
  setState({ waiting: false });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useUpdateState(): UpdateState {
  return useSyncExternalStore(subscribe, () => state, () => state);
}

/** For tests: pretend a new version is waiting. */
export function announceUpdateForTesting(apply: () => Promise<void>) {
  applyUpdate = apply;
  setState({ waiting: true });
}
