import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { StaffSignature, StaffSignatureQuery } from '#shared/schemas/staff.ts';
import type { Db } from '../db/client.ts';
import { signatures, users } from '../db/schema.ts';
import { appError } from '../errors.ts';
import type { Translate } from '../i18n/translator.ts';
import { auditChange, type StaffActor } from './audit.ts';
import { writeAndTell } from './notices.ts';
import { AUDITED_SIGNATURE_FIELDS, periodEnd } from './signature-lifecycle.ts';
import { presentSignatures, signatureEvent, today, type SignatureRow } from './signatures.ts';

/** Staff and subscriptions (issue 17): every user's, a page at a time, deactivating one and undoing that. */

function whereOf({ userId, activated, plan, status }: StaffSignatureQuery): SQL | undefined {
  return and(
    userId ? eq(signatures.userId, userId) : undefined,
    activated !== undefined ? eq(signatures.activated, activated) : undefined,
    plan ? eq(signatures.planId, plan) : undefined,
    status ? eq(signatures.statusPayment, status) : undefined,
  );
}

type Owner = { userName: string; userEmail: string };

async function present(db: Db, found: Array<{ row: SignatureRow } & Owner>, t: Translate): Promise<StaffSignature[]> {
  const presented = await presentSignatures(db, found.map(({ row }) => row), t);
  return presented.map((signature, index) => {
    const { row, userName, userEmail } = found[index]!;
    return { ...signature, userId: row.userId, userName, userEmail, version: row.version };
  });
}

const columns = { row: signatures, userName: users.name, userEmail: users.email };

/** A page of every user's subscriptions (newest first unless `sort=createdAt`) and how many match in all. */
export async function staffSignaturePage(db: Db, query: StaffSignatureQuery, t: Translate): Promise<{ total: number; rows: StaffSignature[] }> {
  const where = whereOf(query);
  const direction = query.sort === 'createdAt' ? asc : desc;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(signatures).where(where);
  const found = await db
    .select(columns)
    .from(signatures)
    .innerJoin(users, eq(users.id, signatures.userId))
    .where(where)
    .orderBy(direction(signatures.createdAt), direction(signatures.id))
    .limit(query.limit)
    .offset(query.offset);
  return { total, rows: await present(db, found, t) };
}

export async function staffSignature(db: Db, id: string, t: Translate): Promise<StaffSignature> {
  const found = await db.select(columns).from(signatures).innerJoin(users, eq(users.id, signatures.userId)).where(eq(signatures.id, id));
  if (!found[0]) throw appError(404, 'errors.resourceNotFound');
  return (await present(db, found, t))[0]!;
}

/**
 * Staff turn a subscription's benefits off, or back on while the hired period or, before any payment, the trial
 * still covers today (what the lifecycle job has ended stays ended: 409, staff confirm a payment instead). Audited,
 * with the user's notification and the `signature` event (their device pulls its subscriptions again: My signatures,
 * the calculator's gate) in the same transaction; already so: as it is. 404 for no subscription.
 */
export async function setSignatureActivated(db: Db, id: string, activated: boolean, actor: StaffActor, now = new Date()): Promise<void> {
  const [current] = await db.select().from(signatures).where(eq(signatures.id, id));
  if (!current) throw appError(404, 'errors.resourceNotFound');
  if (current.activated === activated) return;
  const day = today(now);
  const covered = sql`${periodEnd} > ${day}`;
  if (activated && (current.hiredPeriodEnd ?? current.testPeriodEnd) <= day) throw appError(409, 'signatures.nothingCoversToday');
  const write = async (tx: Db) => {
    const [row] = await tx
      .update(signatures)
      .set({ activated, modifiedAt: new Date(), version: sql`${signatures.version} + 1` })
      .where(and(eq(signatures.id, id), eq(signatures.activated, !activated), activated ? covered : undefined))
      .returning();
    if (row) await auditChange(tx, actor, { type: 'signature', id }, { before: current, after: row }, AUDITED_SIGNATURE_FIELDS);
    return row ?? null;
  };
  const key = activated ? 'signatureReactivated' : 'signatureDeactivated';
  await writeAndTell(db, write, (row) => (row ? { event: signatureEvent(row), notice: { userId: row.userId, kind: 'update', key, values: {} } } : {}));
}
