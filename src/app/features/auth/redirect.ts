import { z } from 'zod';

/** `?redirect=/dashboard/…`: where to go back after login. Only same-app paths, never another origin. */
export const RedirectSearch = z.object({
  redirect: z
    .string()
    .regex(/^\/(?!\/)/)
    .optional()
    .catch(undefined),
});

export const AFTER_LOGIN = '/dashboard/profile';
