import { and, desc, eq, inArray } from 'drizzle-orm';
import type { OrderBill } from '#shared/schemas/bills.ts';
import type { Db } from '../db/client.ts';
import { bills, orders } from '../db/schema.ts';

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

/** Each order's latest provider bill (none for a pasted URL or PDF). */
export async function latestBills(db: Db, orderIds: string[]): Promise<Map<string, BillRow>> {
  const result = new Map<string, BillRow>();
  if (orderIds.length === 0) return result;
  const rows = await db.select().from(bills).where(inArray(bills.orderId, orderIds)).orderBy(desc(bills.createdAt));
  for (const row of rows) if (row.orderId && !result.has(row.orderId)) result.set(row.orderId, row);
  return result;
}

/** Whether a bill was issued to this CPF or CNPJ of the user's: it is then read-only on their profile. */
export async function wasBilledTo(db: Db, userId: string, document: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bills.id })
    .from(bills)
    .innerJoin(orders, eq(orders.id, bills.orderId))
    .where(and(eq(orders.userId, userId), eq(bills.payerDocument, document)))
    .limit(1);
  return Boolean(row);
}
