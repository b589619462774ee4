import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';

/** docs/api.md: a key answers the same for 7 days. */
export const IDEMPOTENCY_TTL_DAYS = 7;
/** A request still 'started' after this long died with its process; the key may be used again. */
const ABANDONED_AFTER_SECONDS = 120;

export interface IdempotencyClaim {
  scope: string;
  key: string;
  method: string;
  route: string;
  fingerprint: string;
}

export type ClaimOutcome =
  | { kind: 'new' }
  | { kind: 'mismatch' }
  | { kind: 'inFlight' }
  | { kind: 'replay'; status: number; body: string; headers: Record<string, string> };

/** sha256 over the parts that make two requests "the same". */
export function fingerprintOf(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** Takes the key for this request, or says why not: another request's key, one still running, or a stored answer. */
export async function claimKey(db: Db, claim: IdempotencyClaim): Promise<ClaimOutcome> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ ...claim, state: 'started' })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { kind: 'new' };
  const where = and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key));
  const [row] = await db.select().from(idempotencyKeys).where(where);
  if (!row) return claimKey(db, claim);
  if (row.method !== claim.method || row.route !== claim.route || row.fingerprint !== claim.fingerprint) {
    return { kind: 'mismatch' };
  }
  if (row.state === 'done') return { kind: 'replay', status: row.status!, body: row.body ?? '', headers: row.headers ?? {} };
  const takenOver = await db
    .update(idempotencyKeys)
    .set({ createdAt: new Date() })
    .where(and(where, eq(idempotencyKeys.state, 'started'), lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})`)))
    .returning({ key: idempotencyKeys.key });
  return takenOver.length > 0 ? { kind: 'new' } : { kind: 'inFlight' };
}

export async function storeAnswer(
  db: Db,
  claim: Pick<IdempotencyClaim, 'scope' | 'key'>,
  answer: { status: number; body: string; headers: Record<string, string> },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', ...answer })
    .where(and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key)));
}

/** The request will be retried (auth, rate limit, validation, server error): forget the key. */
export async function releaseKey(db: Db, claim: Pick<IdempotencyClaim, 'scope' | 'key'>): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key)));
}

export async function purgeExpiredKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(days => ${IDEMPOTENCY_TTL_DAYS})`));
}
