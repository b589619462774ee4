import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { API_BASE, reachabilityListeners } from '../api-client.ts';

/**
 * Connectivity as reachability of our server, not only `navigator.onLine` (which says "online" on a
 * hospital Wi-Fi that reaches nothing): a GET of `/api/v1/health/` with a timeout, run on the
 * browser's `online`/`offline` events and after a request got no answer; while the server is
 * unreachable, again and again, quickly at first (1 s, growing by a quarter each time up to 15 s), so
 * a network that comes back for a minute in a corridor is noticed within a second or two. Any API
 * answer proves the server reachable at once.
 */

export const HEALTH_PATH = `${API_BASE}/health/`;
export const PROBE_TIMEOUT_MS = 5_000;
export const OFFLINE_PROBE_FIRST_MS = 1_000;
export const OFFLINE_PROBE_CAP_MS = 15_000;

/** The wait before the n-th probe (n ≥ 1) while the server is unreachable: 1 s, 1.25 s, 1.56 s … 15 s. */
export function offlineProbeDelay(probe: number): number {
  return Math.min(OFFLINE_PROBE_CAP_MS, Math.round(OFFLINE_PROBE_FIRST_MS * 1.25 ** Math.max(0, probe - 1)));
}

export interface Connectivity {
  online: boolean;
  /** When reachability was last established (a probe or a request that got an answer). */
  checkedAt: number | null;
}

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

let state: Connectivity = { online: browserOnline(), checkedAt: null };
const listeners = new Set<(state: Connectivity) => void>();

const checkListeners = new Set<() => void>();

function set(online: boolean) {
  const changed = state.online !== online;
  state = { online, checkedAt: Date.now() };
  if (changed) listeners.forEach((listener) => listener(state));
  checkListeners.forEach((listener) => listener());
}

/** Told after every check, changed or not (the monitor's next probe hangs on it). */
function subscribeChecks(listener: () => void) {
  checkListeners.add(listener);
  return () => {
    checkListeners.delete(listener);
  };
}

export function getConnectivity(): Connectivity {
  return state;
}

/** Told when the app goes online or offline. */
export function subscribeConnectivity(listener: (state: Connectivity) => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

let probing: Promise<boolean> | null = null;

/** Asks the server whether it is reachable (one probe at a time) and records the answer. */
export function probeConnectivity(timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  probing ??= (async () => {
    if (!browserOnline()) return false;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await fetch(HEALTH_PATH, { method: 'GET', cache: 'no-store', credentials: 'same-origin', signal: controller.signal });
      // Read the tiny body: left unread, the request never finishes for tools that wait for a quiet network (Lighthouse).
      await response.text().catch(() => undefined);
      // Any answer from the app below 500 proves the way there works; a 502/503/504 is a proxy saying it does not.
      return response.status < 500;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  })()
    // The browser may have gone offline while the probe was on its way: its answer is then out of date.
    .then((reached) => {
      const online = reached && browserOnline();
      set(online);
      return online;
    })
    .finally(() => {
      probing = null;
    });
  return probing;
}

/** A request got no answer: look again (it may be the request, not the network). */
export function reportNetworkFailure() {
  void probeConnectivity();
}

/** A request got an answer: the server is reachable. */
export function reportServerReached() {
  if (!state.online && browserOnline()) set(true);
}

/** Listens to the browser's events and API answers, and probes while the server is unreachable. Returns the stop function. */
export function startConnectivityMonitor() {
  let recheck: ReturnType<typeof setTimeout> | undefined;
  let probes = 0;
  const scheduleRecheck = () => {
    clearTimeout(recheck);
    if (state.online) {
      probes = 0;
      return;
    }
    probes += 1;
    recheck = setTimeout(() => void probeConnectivity(), offlineProbeDelay(probes));
  };
  const onOnline = () => {
    probes = 0;
    void probeConnectivity();
  };
  const onOffline = () => set(false);
  const onAnswer = (reached: boolean) => (reached ? reportServerReached() : reportNetworkFailure());
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  reachabilityListeners.add(onAnswer);
  const stopRechecks = subscribeChecks(scheduleRecheck);
  void probeConnectivity();
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    reachabilityListeners.delete(onAnswer);
    stopRechecks();
    clearTimeout(recheck);
  };
}

/**
 * For the whole app, visitors too (main.tsx): the monitor, and TanStack Query pausing queries and
 * mutations while our probe says offline (not only on the browser's events). Returns the stop function.
 */
export function startConnectivity() {
  const stopMonitor = startConnectivityMonitor();
  onlineManager.setEventListener((setOnline) => subscribeConnectivity(({ online }) => setOnline(online)));
  return stopMonitor;
}

/** React: whether the server is reachable, re-rendering on change. */
export function useConnectivity(): Connectivity {
  return useSyncExternalStore(
    (listener) => subscribeConnectivity(listener),
    () => state,
    () => state,
  );
}

/** Tests: sets the state directly. */
export function setConnectivityForTests(online: boolean) {
  set(online);
}
