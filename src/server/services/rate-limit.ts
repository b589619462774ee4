import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

export interface RateLimitRule {
  key: string;
  limit: number;
  windowSeconds: number;
}

/** Counts one hit in a fixed window kept in the database; returns the seconds to wait when over the limit. */
export async function hitRateLimit(db: Db, { key, limit, windowSeconds }: RateLimitRule): Promise<number | null> {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStartedAt: new Date(), hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`CASE WHEN ${rateLimits.windowStartedAt} <= now() - ${window} THEN 1 ELSE ${rateLimits.hits} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${rateLimits.windowStartedAt} <= now() - ${window} THEN now() ELSE ${rateLimits.windowStartedAt} END`,
      },
    })
    .returning({ hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt });
  if (!row || row.hits <= limit) return null;
  const elapsed = (Date.now() - row.windowStartedAt.getTime()) / 1000;
  return Math.max(1, Math.ceil(windowSeconds - elapsed));
}
