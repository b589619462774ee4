import { and, isNotNull, lt, sql } from 'drizzle-orm';
import type { RetentionConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';

export interface RetentionReport {
  /** Deleted accounts whose kept records (bills, payments, the orders and subscriptions they pay) went. */
  accounts: number;
  auditEntries: number;
}

const yearsBefore = (now: Date, years: number) => {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
};

/**
 * The retention job (docs/account-deletion.md): a deleted account's pseudonymous row goes once its fiscal period
 * ended, and with it (foreign keys, on delete cascade) the bills, payments, orders and subscriptions kept for it;
 * audit entries go once older than their period, the one delete the audit log's trigger lets through. Idempotent:
 * two processes running it at once delete nothing twice.
 */
export async function runRetention(db: Db, retention: RetentionConfig, now = new Date()): Promise<RetentionReport> {
  const expired = await db
    .delete(users)
    .where(and(isNotNull(users.deletedAt), lt(users.deletedAt, yearsBefore(now, retention.fiscalYears))))
    .returning({ id: users.id });
  const auditEntries = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('dosehub.retention', 'on', true)`);
    const removed = await tx.delete(auditLog).where(lt(auditLog.at, yearsBefore(now, retention.auditLogYears))).returning({ id: auditLog.id });
    return removed.length;
  });
  return { accounts: expired.length, auditEntries };
}
