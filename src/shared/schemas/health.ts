import { z } from 'zod';

export const Health = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });
export type Health = z.infer<typeof Health>;

/** `GET /health/ready`: this process can serve (database reachable and migrated, upload store writable). */
export const Readiness = z.object({ status: z.literal('ready') }).meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof Readiness>;
