import { z } from 'zod';

/** `?token=…` of the links mailed for e-mail confirmation and password reset; a missing or odd token is `undefined`. */
export const TokenSearch = z.object({
  token: z.string().trim().min(1).max(512).optional().catch(undefined),
});
