import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { outgoingMails } from '../db/schema.ts';

/** Pending mails and the age of the oldest, for the mail-queue metrics (a stuck queue grows old). */
export async function mailQueueState(db: Db, now = new Date()) {
  const [row] = await db
    .select({ depth: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${outgoingMails.createdAt})` })
    .from(outgoingMails)
    .where(eq(outgoingMails.state, 'pending'));
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
  return { depth: Number(row?.depth ?? 0), oldestWaitingSeconds: oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000) };
}
