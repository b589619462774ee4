import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { files, orders } from '../db/schema.ts';
import { appError } from '../errors.ts';
import { changeDraft, recordAudits, type StaffActor } from './audit.ts';
import { insertBills, type BillRows } from './boletos.ts';
import { groupCommit, type Outcome } from './group-commit.ts';
import { writeTellAndMailEach, type NoticeContext } from './notices.ts';
import { BILL_AUDIT_KEYS, billNotice, orderNews, type OrderRow } from './orders.ts';
import { keepOnProfile, type PayerDocument } from './payer.ts';

/**
 * Staff issuing bills (boletos and PIX charges), in groups (issue 35): the bills issued while a batch is written go
 * together in the next one (services/group-commit.ts), one transaction of set-wise statements: the boletos' files
 * and the bills inserted, the orders given their bill, the replaced bills' files deleted, the audit entries, then the
 * notifications and mails (`writeTellAndMailEach`). Each order is answered on its own; a batch that fails is tried
 * again one bill at a time. One order twice in a batch (two staff at once) fails it: alone, each bill replaces the
 * one before, as it did.
 */

export interface BillIssue {
  ctx: NoticeContext;
  /** The order as the staff member read it: its bill then is the one replaced, as in `setBill`. */
  order: OrderRow;
  document: PayerDocument;
  /** A boleto's file and bill, or a PIX charge's bill (no file). */
  rows: BillRows;
  actor?: StaffActor;
}

export interface IssuedBill {
  row: OrderRow;
  /** The replaced bill's stored bytes, to remove once committed. */
  replacedStorageKey: string | null;
}

/** The orders given their new bill (a boleto's file, or none for a PIX charge, and the method), in one statement; by id. */
async function setBills(tx: Db, issues: BillIssue[]): Promise<Map<string, OrderRow>> {
  const fileOf = sql.join(issues.map(({ order, rows }) => sql`WHEN ${order.id}::uuid THEN ${rows.file?.id ?? null}::uuid`), sql` `);
  const methodOf = sql.join(issues.map(({ order, rows }) => sql`WHEN ${order.id}::uuid THEN ${rows.file ? 'boleto' : 'pix'}`), sql` `);
  const updated = await tx
    .update(orders)
    .set({ billFileId: sql`CASE ${orders.id} ${fileOf} END`, billUrl: null, paymentMethod: sql`CASE ${orders.id} ${methodOf} END`, modifiedAt: new Date(), version: sql`${orders.version} + 1` })
    .where(inArray(orders.id, issues.map(({ order }) => order.id)))
    .returning();
  return new Map(updated.map((row) => [row.id, row]));
}

/** The replaced bills' file rows deleted; their storage keys by file id. */
async function deleteReplaced(tx: Db, issues: BillIssue[]): Promise<Map<string, string>> {
  const ids = issues.flatMap(({ order }) => order.billFileId ?? []);
  if (ids.length === 0) return new Map();
  const deleted = await tx.delete(files).where(inArray(files.id, ids)).returning({ id: files.id, storageKey: files.storageKey });
  return new Map(deleted.map((file) => [file.id, file.storageKey]));
}

/** One batch's bills in `tx`; each issue's outcome in its place (404: its order is gone). */
async function writeBills(tx: Db, issues: BillIssue[]): Promise<Outcome<IssuedBill>[]> {
  if (new Set(issues.map(({ order }) => order.id)).size < issues.length) throw new Error('one order twice in a batch: each is issued alone');
  for (const { order, document } of issues) await keepOnProfile(tx, order.userId, document);
  await insertBills(tx, issues.map(({ rows }) => rows));
  const updated = await setBills(tx, issues);
  const replaced = await deleteReplaced(tx, issues);
  await recordAudits(
    tx,
    issues.flatMap(({ order, actor }) => (actor && updated.has(order.id) ? [changeDraft(actor, { type: 'order', id: order.id }, { before: order, after: updated.get(order.id)! }, BILL_AUDIT_KEYS)] : [])),
  );
  return issues.map(({ order }): Outcome<IssuedBill> => {
    const row = updated.get(order.id);
    if (!row) return { ok: false, error: appError(404, 'errors.notFound') };
    return { ok: true, value: { row, replacedStorageKey: order.billFileId ? (replaced.get(order.billFileId) ?? null) : null } };
  });
}

/** A batch: its bills, orders and audit entries, the users' notifications and mails, in one transaction (every issue of one database passes its app's context). */
function issueBatch(issues: BillIssue[]): Promise<Outcome<IssuedBill>[]> {
  return writeTellAndMailEach(
    issues[0]!.ctx,
    (tx) => writeBills(tx, issues),
    (outcome) => (outcome.ok ? orderNews(outcome.value.row, billNotice(outcome.value.row)) : {}),
  );
}

/** One group commit per database (each app, each test app has its own). */
const issuers = new WeakMap<Db, (issue: BillIssue) => Promise<IssuedBill>>();

/** Records an issued bill as its order's, with the other bills issued meanwhile. */
export function recordBill(issue: BillIssue): Promise<IssuedBill> {
  let issuer = issuers.get(issue.ctx.db);
  if (!issuer) issuers.set(issue.ctx.db, (issuer = groupCommit(issueBatch)));
  return issuer(issue);
}
