import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { StaffSignature, StaffSignatureQuery } from '#shared/schemas/staff.ts';
import type { Db } from '../db/client.ts';
import { subscriptions, users } from '../db/schema.ts';
import { appError } from '../errors.ts';
import type { Translate } from '../i18n/translator.ts';
import { auditChange, type StaffActor } from './audit.ts';
import { writeAndTell } from './notices.ts';
import { AUDITED_SUBSCRIPTION_FIELDS, periodEnd } from './subscription-lifecycle.ts';
import { presentSubscriptions, subscriptionEvent, today, type SubscriptionRow } from './subscriptions.ts';

/** Staff and subscriptions (issue 17): every user's, a page at a time, deactivating one and undoing that. */

function whereOf({ userId, activated, plan, status }: StaffSignatureQuery): SQL | undefined {
  return and(
    userId ? eq(subscriptions.userId, userId) : undefined,
    activated !== undefined ? eq(subscriptions.activated, activated) : undefined,
    plan ? eq(subscriptions.planId, plan) : undefined,
    status ? eq(subscriptions.statusPayment, status) : undefined,
  );
}

type Owner = { userName: string; userEmail: string; userDeletedAt: Date | null };

async function present(db: Db, found: Array<{ row: SubscriptionRow } & Owner>, t: Translate): Promise<StaffSignature[]> {
  const presented = await presentSubscriptions(db, found.map(({ row }) => row), t);
  return presented.map((subscription, index) => {
    const { row, userName, userEmail, userDeletedAt } = found[index]!;
    return { ...subscription, userId: row.userId, userName, userEmail, userDeleted: userDeletedAt !== null, version: row.version };
  });
}

const columns = { row: subscriptions, userName: users.name, userEmail: users.email, userDeletedAt: users.deletedAt };

/** A page of every user's subscriptions (newest first unless `sort=createdAt`) and how many match in all. */
export async function staffSubscriptionPage(db: Db, query: StaffSignatureQuery, t: Translate): Promise<{ total: number; rows: StaffSignature[] }> {
  const where = whereOf(query);
  const direction = query.sort === 'createdAt' ? asc : desc;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(subscriptions).where(where);
  const found = await db
    .select(columns)
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(where)
    .orderBy(direction(subscriptions.createdAt), direction(subscriptions.id))
    .limit(query.limit)
    .offset(query.offset);
  return { total, rows: await present(db, found, t) };
}

export async function staffSubscription(db: Db, id: string, t: Translate): Promise<StaffSignature> {
  const found = await db.select(columns).from(subscriptions).innerJoin(users, eq(users.id, subscriptions.userId)).where(eq(subscriptions.id, id));
  if (!found[0]) throw appError(404, 'errors.resourceNotFound');
  return (await present(db, found, t))[0]!;
}

/**
 * Staff turn a subscription's benefits off, or back on while the hired period or, before any payment, the trial
 * still covers today (what the lifecycle job has ended stays ended: 409, staff confirm a payment instead). Audited,
 * with the user's notification and the `signature` event (their device pulls its subscriptions again: My signatures,
 * the calculator's gate) in the same transaction; already so: as it is. 404 for no subscription.
 */
export async function setSubscriptionActivated(db: Db, id: string, activated: boolean, actor: StaffActor, now = new Date()): Promise<void> {
  const [current] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!current) throw appError(404, 'errors.resourceNotFound');
  if (current.activated === activated) return;
  const day = today(now);
  const covered = sql`${periodEnd} > ${day}`;
  if (activated && (current.hiredPeriodEnd ?? current.testPeriodEnd) <= day) throw appError(409, 'signatures.nothingCoversToday');
  const write = async (tx: Db) => {
    const [row] = await tx
      .update(subscriptions)
      .set({ activated, modifiedAt: new Date(), version: sql`${subscriptions.version} + 1` })
      .where(and(eq(subscriptions.id, id), eq(subscriptions.activated, !activated), activated ? covered : undefined))
      .returning();
    if (row) await auditChange(tx, actor, { type: 'signature', id }, { before: current, after: row }, AUDITED_SUBSCRIPTION_FIELDS);
    return row ?? null;
  };
  const key = activated ? 'signatureReactivated' : 'signatureDeactivated';
  await writeAndTell(db, write, (row) => (row ? { event: subscriptionEvent(row), notice: { userId: row.userId, kind: 'update', key, values: {} } } : {}));
}

/** Any subscription's row, for staff; 404 when unknown. */
export async function staffSubscriptionRow(db: Db, id: string): Promise<SubscriptionRow> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) throw appError(404, 'errors.resourceNotFound');
  return row;
}
