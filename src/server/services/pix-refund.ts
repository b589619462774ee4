import { and, desc, eq, sql } from 'drizzle-orm';
import { formatBrl } from '#shared/format/money.ts';
import type { Db } from '../db/client.ts';
import { bills, orders, subscriptions } from '../db/schema.ts';
import { appError } from '../errors.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { auditChange, type StaffActor } from './audit.ts';
import type { BillRow } from './bills.ts';
import { writeTellAndMail, type NoticeContext } from './notices.ts';
import { orderEvent, orderNotice, type OrderRow } from './orders.ts';
import { subscriptionEvent, type SubscriptionRow } from './subscriptions.ts';

/**
 * Staff refund a PIX payment in full (the 100% refund policy): the provider gives it back first (the sandbox at
 * once), then in one transaction the charge is `refunded`, the order or subscription `REF` and no longer active,
 * the audit entry, and the user's notification and mail (in their language). Nothing paid by PIX → 409.
 */

export interface RefundContext extends NoticeContext {
  providers: Map<string, PaymentProvider>;
}

type Subject = { type: 'order'; row: OrderRow } | { type: 'signature'; row: SubscriptionRow };

async function paidCharge(db: Db, subject: Subject): Promise<BillRow> {
  const of = subject.type === 'order' ? eq(bills.orderId, subject.row.id) : eq(bills.subscriptionId, subject.row.id);
  const [bill] = await db.select().from(bills).where(and(of, eq(bills.method, 'pix'), eq(bills.status, 'paid'))).orderBy(desc(bills.paidAt)).limit(1);
  if (!bill) throw appError(409, 'payments.nothingToRefund');
  return bill;
}

/** Marks the charge refunded (null when another staff member did meanwhile). */
async function markRefunded(tx: Db, bill: BillRow, now: Date) {
  const [row] = await tx
    .update(bills)
    .set({ status: 'refunded', refundedAt: now })
    .where(and(eq(bills.id, bill.id), eq(bills.status, 'paid')))
    .returning({ id: bills.id });
  return row ?? null;
}

const refunded = () => ({ statusPayment: 'REF' as const, modifiedAt: new Date(), version: sql`version + 1` });

export async function refundOrderPix(ctx: RefundContext, row: OrderRow, actor: StaffActor, now = new Date()): Promise<OrderRow> {
  const bill = await paidCharge(ctx.db, { type: 'order', row });
  await ctx.providers.get(bill.provider)!.refundPix(bill.providerBillId, bill.amountCents);
  const updated = await writeTellAndMail(
    ctx,
    async (tx) => {
      if (!(await markRefunded(tx, bill, now))) return null;
      const [after] = await tx.update(orders).set({ ...refunded(), active: false }).where(eq(orders.id, row.id)).returning();
      await auditChange(tx, actor, { type: 'order', id: row.id }, { before: row, after: after! }, ['statusPayment', 'active', 'version']);
      return after!;
    },
    (after) => (after ? { event: orderEvent(after), notice: orderNotice(after, 'paymentRefunded', 'update', 'paymentRefunded') } : {}),
  );
  return updated ?? row;
}

export async function refundSubscriptionPix(ctx: RefundContext, row: SubscriptionRow, actor: StaffActor, now = new Date()): Promise<SubscriptionRow> {
  const bill = await paidCharge(ctx.db, { type: 'signature', row });
  await ctx.providers.get(bill.provider)!.refundPix(bill.providerBillId, bill.amountCents);
  const values = { amount: formatBrl(bill.amountCents / 100) };
  const updated = await writeTellAndMail(
    ctx,
    async (tx) => {
      if (!(await markRefunded(tx, bill, now))) return null;
      const [after] = await tx.update(subscriptions).set({ ...refunded(), activated: false }).where(eq(subscriptions.id, row.id)).returning();
      await auditChange(tx, actor, { type: 'signature', id: row.id }, { before: row, after: after! }, ['statusPayment', 'activated', 'version']);
      return after!;
    },
    (after) =>
      after
        ? {
            event: subscriptionEvent(after),
            notice: { userId: after.userId, kind: 'update' as const, key: 'signatureRefunded', values, mail: { kind: 'signatureRefunded' as const, path: '/dashboard/my-signatures' } },
          }
        : {},
  );
  return updated ?? row;
}
