/**
 * `?redirect=/dashboard/…`: where to go back after login. Only same-app paths, never another origin:
 * no `//host` and no `/\host` (browsers read a backslash as a slash), no whitespace or control characters.
 * A plain validator, not zod: the login route is in the start-up bundle, and zod is not.
 */
const SAME_APP_PATH = /^\/(?![/\\])[^\\\s\p{Cc}]*$/u;

/** The router keeps search keys a validator leaves out, so a refused value is returned as `undefined`. */
export const RedirectSearch = {
  parse(search: Record<string, unknown>): { redirect?: string } {
    const { redirect } = search;
    return { redirect: typeof redirect === 'string' && SAME_APP_PATH.test(redirect) ? redirect : undefined };
  },
};

export const AFTER_LOGIN = '/dashboard/profile';

/** Staff land on their home, not on the profile (issue 29: a profile with a logo for 2 s, then a click away). */
export const STAFF_AFTER_LOGIN = '/staff';

/** Where to go once signed in: the validated `redirect`, else the staff home for staff, the profile for everyone else. */
export function afterLoginHref(redirect: string | undefined, isStaff = false): string {
  return redirect ?? (isStaff ? STAFF_AFTER_LOGIN : AFTER_LOGIN);
}
