import { z } from 'zod';

export const ErrorBody = z.object({ errors: z.array(z.string()).min(1) }).meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** v1's list shape: `{"count": <total>, "row": [...]}`. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number().int().nonnegative(), row: z.array(item) });
}
