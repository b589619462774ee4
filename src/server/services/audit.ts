import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditQuery, AuditRecordType } from '#shared/schemas/staff-audit.ts';
import type { Db } from '../db/client.ts';
import { auditLog, users } from '../db/schema.ts';

/**
 * The staff audit log (issue 17). Append-only by design: this module only inserts and reads (there is no update
 * or delete here, and the table's trigger refuses both). A write's entry goes in the write's own transaction.
 */

/** Who does a staff write, and what it is called in the log; `reason` is kept with the values after. */
export interface StaffActor {
  staffId: string;
  action: AuditAction;
  reason?: string;
}

export interface AuditDraft {
  staffId: string;
  action: AuditAction;
  recordType: AuditRecordType;
  recordId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export type AuditRow = typeof auditLog.$inferSelect;

/** JSON-safe copies of `keys` of a row (dates as ISO strings). */
export function valuesOf<T extends object>(row: T | null | undefined, keys: readonly (keyof T)[]): Record<string, unknown> | null {
  if (!row) return null;
  return Object.fromEntries(keys.map((key) => [key, jsonValue(row[key])]));
}

const jsonValue = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/** One entry; call it with the transaction of the write it records. */
export async function recordAudit(db: Db, draft: AuditDraft): Promise<void> {
  await db.insert(auditLog).values(draft);
}

/** The entry of `actor`'s change of a record: `keys` of the row before and after, the reason with the after values. */
export async function auditChange<T extends object>(
  db: Db,
  actor: StaffActor,
  record: { type: AuditRecordType; id: string },
  rows: { before: T | null; after: T },
  keys: readonly (keyof T)[],
): Promise<void> {
  const after = { ...valuesOf(rows.after, keys), ...(actor.reason ? { reason: actor.reason } : {}) };
  await recordAudit(db, { staffId: actor.staffId, action: actor.action, recordType: record.type, recordId: record.id, before: valuesOf(rows.before, keys), after });
}

/** The start of the day after `day` (UTC): the end of an inclusive range. */
export const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

function whereOf(query: AuditQuery): SQL | undefined {
  return and(
    query.staffId ? eq(auditLog.staffId, query.staffId) : undefined,
    query.recordType ? eq(auditLog.recordType, query.recordType) : undefined,
    query.recordId ? eq(auditLog.recordId, query.recordId) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.from ? gte(auditLog.at, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(auditLog.at, dayAfter(query.to)) : undefined,
  );
}

/** A page of the log, newest first, with the staff member's name and e-mail, and how many entries match. */
export async function auditPage(db: Db, query: AuditQuery): Promise<{ total: number; rows: AuditEntry[] }> {
  const where = whereOf(query);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(auditLog).where(where);
  const rows = await db
    .select({ entry: auditLog, staffName: users.name, staffEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.staffId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.limit)
    .offset(query.offset);
  return { total, rows: rows.map(({ entry, staffName, staffEmail }) => presentAudit(entry, staffName ?? '', staffEmail ?? '')) };
}

function presentAudit(row: AuditRow, staffName: string, staffEmail: string): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    staffId: row.staffId,
    staffName,
    staffEmail,
    action: row.action as AuditAction,
    recordType: row.recordType as AuditRecordType,
    recordId: row.recordId,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

/** A staff member downloads another user's file (images, report, bill): which file, whose, and what it is. */
export async function auditDownload(db: Db, staffId: string, file: { id: string; userId: string; name: string; contentType: string; size: number }): Promise<void> {
  const after = { name: file.name, contentType: file.contentType, size: file.size, ownerId: file.userId };
  await recordAudit(db, { staffId, action: 'file.download', recordType: 'file', recordId: file.id, before: null, after });
}
