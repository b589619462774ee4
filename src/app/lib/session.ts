import { useSyncExternalStore } from 'react';

/** The readable session cookies of docs/product.md §4: `id` and `isStaff`. The server never trusts them. */
export interface AuthState {
  id: string;
  isStaff: boolean;
}

/** docs/product.md §9: the session cookies live 7 days. */
export const SESSION_COOKIE_DAYS = 7;
const COOKIE_NAMES = ['id', 'isStaff'] as const;

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : null;
}

function writeCookie(name: string, value: string, maxAgeSeconds: number) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

/** docs/product.md §4: staff is true unless the cookie text equals 'false'; signed in needs exactly `id` and `isStaff`. */
export function readAuthState(): AuthState | null {
  const id = readCookie('id');
  const isStaff = readCookie('isStaff');
  if (!id || isStaff === null) return null;
  return { id, isStaff: isStaff !== 'false' };
}

export function isSignedIn(auth: AuthState | null): auth is AuthState {
  return auth !== null && Object.keys(auth).length === 2 && Boolean(auth.id);
}

const listeners = new Set<() => void>();
let snapshot = typeof document === 'undefined' ? null : readAuthState();

/** Told of every change of session (login, logout, a failed refresh, another tab), with the new state. */
export const authChangeListeners = new Set<(auth: AuthState | null) => void>();

function publish() {
  const next = readAuthState();
  if (next?.id === snapshot?.id && next?.isStaff === snapshot?.isStaff) return;
  snapshot = next;
  listeners.forEach((listener) => listener());
  authChangeListeners.forEach((listener) => listener(next));
}

/** On login: the two readable cookies, for 7 days. */
export function saveAuthState(auth: AuthState) {
  writeCookie('id', auth.id, SESSION_COOKIE_DAYS * 24 * 3600);
  writeCookie('isStaff', String(auth.isStaff), SESSION_COOKIE_DAYS * 24 * 3600);
  publish();
}

/** On logout or a failed refresh. */
export function clearAuthState() {
  COOKIE_NAMES.forEach((name) => writeCookie(name, '', 0));
  publish();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab may sign in or out; cookies have no change event everywhere, so look again on focus.
  window.addEventListener('focus', publish);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('focus', publish);
  };
}

/** The current session, re-rendering on login and logout. */
export function useAuth(): AuthState | null {
  return useSyncExternalStore(subscribe, () => snapshot, () => null);
}
