import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { OrderBill, SignatureBill } from '#shared/schemas/bills.ts';
import type { Db } from '../db/client.ts';
import { bills, orders, subscriptions } from '../db/schema.ts';

export type BillRow = typeof bills.$inferSelect;

/** A PIX charge still open past its expiry is `expired` (it is still taken if paid: services/payments.ts). */
const statusOf = (row: BillRow, now: Date): OrderBill['status'] => (row.status === 'open' && row.expiresAt && row.expiresAt <= now ? 'expired' : row.status);

export const presentBill = (row: BillRow, now = new Date()): OrderBill => ({
  provider: row.provider,
  method: row.method,
  line: row.line,
  barcode: row.barcode,
  pixCode: row.pixCode,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  refundedAt: row.refundedAt?.toISOString() ?? null,
  amount: row.amountCents / 100,
  dueDate: row.dueDate,
  status: statusOf(row, now),
  paidAt: row.paidAt?.toISOString() ?? null,
});

/** A subscription's bill: its BRL amount with the USD total and the rate it was converted at. */
export const presentSubscriptionBill = (row: BillRow): SignatureBill => ({
  ...presentBill(row),
  usdAmount: (row.usdAmountCents ?? 0) / 100,
  usdBrlRate: Number(row.usdBrlRate ?? 0),
});

/**
 * Each subject's latest provider bill, by the order's or the subscription's id (none for a pasted URL or PDF). A
 * payment counts as of when it came: an expired PIX charge paid after its renewal is the one shown.
 */
async function latestBillsOf(db: Db, subject: 'orderId' | 'subscriptionId', ids: string[]): Promise<Map<string, BillRow>> {
  const result = new Map<string, BillRow>();
  if (ids.length === 0) return result;
  const rows = await db.select().from(bills).where(inArray(bills[subject], ids)).orderBy(desc(sql`coalesce(${bills.paidAt}, ${bills.createdAt})`), desc(bills.createdAt));
  for (const row of rows) {
    const id = row[subject];
    if (id && !result.has(id)) result.set(id, row);
  }
  return result;
}

export const latestBills = (db: Db, orderIds: string[]) => latestBillsOf(db, 'orderId', orderIds);
export const latestSubscriptionBills = (db: Db, subscriptionIds: string[]) => latestBillsOf(db, 'subscriptionId', subscriptionIds);

/** Whether a bill (an order's or a subscription's) was issued to this CPF or CNPJ of the user's: it is then read-only on their profile. */
export async function wasBilledTo(db: Db, userId: string, document: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bills.id })
    .from(bills)
    .leftJoin(orders, eq(orders.id, bills.orderId))
    .leftJoin(subscriptions, eq(subscriptions.id, bills.subscriptionId))
    .where(and(or(eq(orders.userId, userId), eq(subscriptions.userId, userId)), eq(bills.payerDocument, document)))
    .limit(1);
  return Boolean(row);
}
