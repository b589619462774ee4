import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bills, orders, subscriptions, users } from '../db/schema.ts';
import { appError, fieldErrors } from '../errors.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { latestBills, type BillRow } from './bills.ts';
import { writeAndTell, type NoticeContext } from './notices.ts';
import { billPayer, profileDocument, type PayerDocument } from './payer.ts';
import { orderEvent, type OrderRow } from './orders.ts';
import { subscriptionAmount } from './subscription-lifecycle.ts';
import { subscriptionEvent, today, type SubscriptionRow } from './subscriptions.ts';
import type { UserRow } from './users.ts';

/**
 * PIX charges (issue 34): a BR Code to pay once within `PIX_TTL_MS`, kept as a `bills` row (method `pix`, the txid as
 * its provider id). Made by staff when they bill an order by PIX, or by the user when paying a subscription by PIX,
 * and again, in one action, when the last one expired. An open charge that has not expired is answered as it is.
 */

/** How long a charge can be paid: long enough to open the bank's app, short enough that a stale code is renewed. */
export const PIX_TTL_MS = 30 * 60_000;

export interface PixContext extends NoticeContext {
  provider: PaymentProvider;
  usdBrlRate: string;
}

type PixSubject = { orderId: string } | { subscriptionId: string; usdAmountCents: number; usdBrlRate: string };

/** The subject's charge that can still be paid at `now`, or null. */
async function liveCharge(db: Db, subject: PixSubject, now: Date): Promise<BillRow | null> {
  const of = 'orderId' in subject ? eq(bills.orderId, subject.orderId) : eq(bills.subscriptionId, subject.subscriptionId);
  const [row] = await db
    .select()
    .from(bills)
    .where(and(of, eq(bills.method, 'pix'), eq(bills.status, 'open'), gt(bills.expiresAt, now)))
    .orderBy(desc(bills.createdAt))
    .limit(1);
  return row ?? null;
}

/** The payer's document: the profile's (400 naming `cpf` without one: the checkout asks for it). */
function payerOf(user: UserRow | undefined): PayerDocument {
  const document = user && profileDocument(user);
  if (!document) throw fieldErrors([{ field: 'cpf', key: 'payments.payerDocumentRequired' }]);
  return document;
}

export interface PixCharge {
  user: UserRow;
  document: PayerDocument;
  amountCents: number;
  subject: PixSubject;
}

/** Asks the provider for a charge; its `bills` row, to insert in the caller's transaction. */
export async function pixBillRow(provider: PaymentProvider, charge: PixCharge, now: Date): Promise<typeof bills.$inferInsert> {
  const issued = await provider.issuePix({ amountCents: charge.amountCents, payer: billPayer(charge.user, charge.document), expiresAt: new Date(now.getTime() + PIX_TTL_MS) });
  return {
    ...charge.subject,
    method: 'pix',
    provider: provider.name,
    providerBillId: issued.txid,
    amountCents: issued.amountCents,
    dueDate: today(issued.expiresAt),
    pixCode: issued.code,
    expiresAt: issued.expiresAt,
    payerDocument: charge.document.value,
  };
}

/** Asks the provider for a charge, then returns what records it in the caller's transaction. */
export async function issuePix(provider: PaymentProvider, charge: PixCharge, now: Date): Promise<(tx: Db) => Promise<BillRow>> {
  const row = await pixBillRow(provider, charge, now);
  return async (tx) => (await tx.insert(bills).values(row).returning())[0]!;
}

async function userOf(db: Db, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/**
 * The user pays a subscription by PIX: its live charge, or a new one (the first, or after one expired), the
 * subscription's method set to PIX; other devices hear of it. 404: not the user's; 409: nothing to pay.
 */
export async function chargeSubscriptionPix(ctx: PixContext, userId: string, id: string, now = new Date()): Promise<SubscriptionRow> {
  const [row] = await ctx.db.select().from(subscriptions).where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
  if (!row) throw appError(404, 'signatures.notFound');
  if (row.statusPayment !== 'APG') throw appError(409, 'payments.nothingToPay');
  const { usdAmountCents, usdBrlRate, amountCents } = subscriptionAmount(row, ctx.usdBrlRate);
  const subject = { subscriptionId: row.id, usdAmountCents, usdBrlRate };
  if ((await liveCharge(ctx.db, subject, now)) && row.paymentMethod === 'pix') return row;
  const user = await userOf(ctx.db, userId);
  const record = await issuePix(ctx.provider, { user: user!, document: payerOf(user), amountCents, subject }, now);
  return writeAndTell(
    ctx.db,
    async (tx) => {
      await record(tx);
      const [updated] = await tx
        .update(subscriptions)
        .set({ paymentMethod: 'pix', modifiedAt: new Date(), version: sql`${subscriptions.version} + 1` })
        .where(eq(subscriptions.id, row.id))
        .returning();
      return updated!;
    },
    (updated) => ({ event: subscriptionEvent(updated) }),
  );
}

/**
 * The user renews an order's PIX charge (staff billed it by PIX): its live charge, or a new one. 409: not billed by
 * PIX (choosing PIX before the bill makes no charge: staff issue it), or paid.
 */
export async function chargeOrderPix(ctx: PixContext, order: OrderRow, now = new Date()): Promise<OrderRow> {
  if (order.paymentMethod !== 'pix' || (await latestBills(ctx.db, [order.id])).get(order.id)?.method !== 'pix') throw appError(409, 'payments.notPix');
  if (order.statusPayment !== 'APG') throw appError(409, 'payments.nothingToPay');
  const subject = { orderId: order.id };
  if (await liveCharge(ctx.db, subject, now)) return order;
  const user = await userOf(ctx.db, order.userId);
  const record = await issuePix(ctx.provider, { user: user!, document: payerOf(user), amountCents: Math.round(order.price * 100), subject }, now);
  return writeAndTell(
    ctx.db,
    async (tx) => {
      await record(tx);
      const [updated] = await tx.update(orders).set({ modifiedAt: new Date(), version: sql`${orders.version} + 1` }).where(eq(orders.id, order.id)).returning();
      return updated!;
    },
    (updated) => ({ event: orderEvent(updated) }),
  );
}
