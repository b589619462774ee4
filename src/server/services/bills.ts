import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { OrderBill, SignatureBill } from '#shared/schemas/bills.ts';
import type { Db } from '../db/client.ts';
import { bills, orders, signatures } from '../db/schema.ts';

export type BillRow = typeof bills.$inferSelect;

export const presentBill = (row: BillRow): OrderBill => ({
  provider: row.provider,
  line: row.line,
  barcode: row.barcode,
  amount: row.amountCents / 100,
  dueDate: row.dueDate,
  status: row.status,
  paidAt: row.paidAt?.toISOString() ?? null,
});

/** A subscription's bill: its BRL amount with the USD total and the rate it was converted at. */
export const presentSignatureBill = (row: BillRow): SignatureBill => ({
  ...presentBill(row),
  usdAmount: (row.usdAmountCents ?? 0) / 100,
  usdBrlRate: Number(row.usdBrlRate ?? 0),
});

/** Each subject's latest provider bill, by the order's or the subscription's id (none for a pasted URL or PDF). */
async function latestBillsOf(db: Db, subject: 'orderId' | 'signatureId', ids: string[]): Promise<Map<string, BillRow>> {
  const result = new Map<string, BillRow>();
  if (ids.length === 0) return result;
  const rows = await db.select().from(bills).where(inArray(bills[subject], ids)).orderBy(desc(bills.createdAt));
  for (const row of rows) {
    const id = row[subject];
    if (id && !result.has(id)) result.set(id, row);
  }
  return result;
}

export const latestBills = (db: Db, orderIds: string[]) => latestBillsOf(db, 'orderId', orderIds);
export const latestSignatureBills = (db: Db, signatureIds: string[]) => latestBillsOf(db, 'signatureId', signatureIds);

/** Whether a bill (an order's or a subscription's) was issued to this CPF or CNPJ of the user's: it is then read-only on their profile. */
export async function wasBilledTo(db: Db, userId: string, document: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bills.id })
    .from(bills)
    .leftJoin(orders, eq(orders.id, bills.orderId))
    .leftJoin(signatures, eq(signatures.id, bills.signatureId))
    .where(and(or(eq(orders.userId, userId), eq(signatures.userId, userId)), eq(bills.payerDocument, document)))
    .limit(1);
  return Boolean(row);
}
