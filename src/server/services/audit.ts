import { and, count, desc, eq, gte, inArray, lt, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditQuery, AuditRecordType } from '#shared/schemas/staff-audit.ts';
import type { Db } from '../db/client.ts';
import { analyses, auditLog, files, orders, quoteRequests, subscriptions, users } from '../db/schema.ts';
import type { Translate } from '../i18n/translator.ts';
import { auditNames, type AuditNames } from './audit-names.ts';

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
  await recordAudits(db, [draft]);
}

/** Several entries in one statement (a batch of staff writes: services/bill-issuing.ts). */
export async function recordAudits(db: Db, drafts: AuditDraft[]): Promise<void> {
  if (drafts.length > 0) await db.insert(auditLog).values(drafts);
}

/** The entry of `actor`'s change of a record: `keys` of the row before and after, the reason with the after values. */
export function changeDraft<T extends object>(
  actor: StaffActor,
  record: { type: AuditRecordType; id: string },
  rows: { before: T | null; after: T },
  keys: readonly (keyof T)[],
): AuditDraft {
  const after = { ...valuesOf(rows.after, keys), ...(actor.reason ? { reason: actor.reason } : {}) };
  return { staffId: actor.staffId, action: actor.action, recordType: record.type, recordId: record.id, before: valuesOf(rows.before, keys), after };
}

/** Records `changeDraft`'s entry. */
export async function auditChange<T extends object>(
  db: Db,
  actor: StaffActor,
  record: { type: AuditRecordType; id: string },
  rows: { before: T | null; after: T },
  keys: readonly (keyof T)[],
): Promise<void> {
  await recordAudit(db, changeDraft(actor, record, rows, keys));
}

/** The start of the day after `day` (UTC): the end of an inclusive range. */
export const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** Entries about `userId`'s records: the user themself, or an order, analysis, subscription, quote or file of theirs. */
function aboutUser(db: Db, userId: string): SQL | undefined {
  const of = (type: AuditRecordType, ids: SQLWrapper) => and(eq(auditLog.recordType, type), inArray(auditLog.recordId, ids));
  return or(
    and(eq(auditLog.recordType, 'user'), eq(auditLog.recordId, userId)),
    of('order', db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))),
    of('analysis', db.select({ id: analyses.id }).from(analyses).where(eq(analyses.userId, userId))),
    of('signature', db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, userId))),
    of('quote', db.select({ id: quoteRequests.id }).from(quoteRequests).where(eq(quoteRequests.userId, userId))),
    of('file', db.select({ id: files.id }).from(files).where(eq(files.userId, userId))),
  );
}

function whereOf(db: Db, query: AuditQuery): SQL | undefined {
  return and(
    query.staffId ? eq(auditLog.staffId, query.staffId) : undefined,
    query.userId ? aboutUser(db, query.userId) : undefined,
    query.recordType ? eq(auditLog.recordType, query.recordType) : undefined,
    query.recordId ? eq(auditLog.recordId, query.recordId) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.from ? gte(auditLog.at, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(auditLog.at, dayAfter(query.to)) : undefined,
  );
}

/** A page of the log, newest first, with the staff member's name and e-mail, the names of its records and values (in `t`'s language), and how many entries match. */
export async function auditPage(db: Db, query: AuditQuery, t: Translate): Promise<{ total: number; rows: AuditEntry[] }> {
  const where = whereOf(db, query);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(auditLog).where(where);
  const rows = await db
    .select({ entry: auditLog, staffName: users.name, staffEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.staffId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.limit)
    .offset(query.offset);
  const names = await auditNames(db, rows.map(({ entry }) => entry), t);
  return { total, rows: rows.map(({ entry, staffName, staffEmail }) => presentAudit(entry, staffName ?? '', staffEmail ?? '', names)) };
}

function presentAudit(row: AuditRow, staffName: string, staffEmail: string, names: AuditNames): AuditEntry {
  const record = names.records.get(row.recordId);
  const ownerId = record?.ownerId ?? null;
  const named = [row.before, row.after].flatMap((side) => Object.values(side ?? {})).filter((value) => typeof value === 'string' && names.values.has(value)) as string[];
  return {
    id: row.id,
    at: row.at.toISOString(),
    staffId: row.staffId,
    staffName,
    staffEmail,
    action: row.action as AuditAction,
    recordType: row.recordType as AuditRecordType,
    recordId: row.recordId,
    recordName: record?.name ?? '',
    owner: ownerId ? { id: ownerId, name: names.values.get(ownerId) ?? '' } : null,
    before: row.before ?? null,
    after: row.after ?? null,
    names: Object.fromEntries(named.map((id) => [id, names.values.get(id)!])),
  };
}

/** A staff member downloads another user's file (images, report, bill): which file, whose, and what it is. */
export async function auditDownload(db: Db, staffId: string, file: { id: string; userId: string; name: string; contentType: string; size: number }): Promise<void> {
  const after = { name: file.name, contentType: file.contentType, size: file.size, ownerId: file.userId };
  await recordAudit(db, { staffId, action: 'file.download', recordType: 'file', recordId: file.id, before: null, after });
}
