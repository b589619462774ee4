/** The readable session cookies of SPEC.md §4: `id` and `isStaff`. The server never trusts them. */
export interface AuthState {
  id: string;
  isStaff: boolean;
}

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : null;
}

/** SPEC.md §4: staff is true unless the cookie text equals 'false'; signed in needs exactly `id` and `isStaff`. */
export function readAuthState(): AuthState | null {
  const id = readCookie('id');
  const isStaff = readCookie('isStaff');
  if (!id || isStaff === null) return null;
  return { id, isStaff: isStaff !== 'false' };
}

export function isSignedIn(auth: AuthState | null): auth is AuthState {
  return auth !== null && Object.keys(auth).length === 2 && Boolean(auth.id);
}
