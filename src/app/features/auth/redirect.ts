import { z } from 'zod';

/**
 * `?redirect=/dashboard/…`: where to go back after login. Only same-app paths, never another origin:
 * no `//host` and no `/\host` (browsers read a backslash as a slash), no whitespace or control characters.
 */
export const RedirectSearch = z.object({
  redirect: z
    .string()
    .regex(/^\/(?![/\\])[^\\\s\p{Cc}]*$/u)
    .optional()
    .catch(undefined),
});

export const AFTER_LOGIN = '/dashboard/profile';

/** Where to go once signed in: the validated `redirect`, else the profile. */
export function afterLoginHref(redirect: string | undefined): string {
  return redirect ?? AFTER_LOGIN;
}

