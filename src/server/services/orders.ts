import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ServiceId } from '#shared/catalog.ts';
import {
  ANALYSIS_STATUS_COUNT_KEYS,
  PAYMENT_STATUS_LABELS,
  type AnalysisStatusCounts,
  type NewOrder,
  type Order,
} from '#shared/schemas/orders.ts';
import type { StaffOrderQuery } from '#shared/schemas/staff.ts';
import type { Db } from '../db/client.ts';
import { analyses, files, orders, users } from '../db/schema.ts';
import { appError, fieldErrors, notFound } from '../errors.ts';
import { writeAndPublish } from '../events/publish.ts';
import type { Translate } from '../i18n/translator.ts';
import { latestBills, presentBill, type BillRow } from './bills.ts';
import type { Notice } from './notices.ts';
import { auditChange, type StaffActor } from './audit.ts';

export type OrderRow = typeof orders.$inferSelect;

/** Bus event of an order's change (events/bus.ts): `{type, userId, id}`. */
export const ORDER_CHANGED = 'order.changed';

/** v1's service codes in the order code (`…-01`); model-comp had none in v1 (05 was commented out). */
const SERVICE_NUMBERS: Record<ServiceId, string> = { 'dosi-clin': '01', 'dosi-preclin': '02', 'seg-quant': '03', radiosino: '04', 'model-comp': '05' };

export const serviceNameOf = (serviceId: string, t: Translate) => t(`catalog:services.${serviceId}.title`);
export const fileUrl = (fileId: string) => `/api/v1/files/${fileId}/`;

const NO_COUNTS: AnalysisStatusCounts = { dataSet: 0, invalidInfos: 0, concluded: 0, processing: 0, analyzingInfos: 0 };

export function presentOrder(row: OrderRow, counts: AnalysisStatusCounts, t: Translate, bill: BillRow | null = null): Order {
  return {
    id: row.id,
    userId: row.userId,
    quantityOfAnalyzes: row.quantity,
    remainingOfAnalyzes: row.remaining,
    price: row.price,
    serviceId: row.serviceId as ServiceId,
    serviceName: serviceNameOf(row.serviceId, t),
    statusPayment: PAYMENT_STATUS_LABELS[row.statusPayment],
    statusCode: row.statusPayment,
    active: row.active,
    analysisStatus: counts,
    code: row.code,
    createdAt: row.createdAt.toISOString().slice(0, 10),
    billUrl: row.billFileId ? fileUrl(row.billFileId) : row.billUrl,
    // A pasted URL or PDF replaces a provider's bill: its line would no longer be the bill shown.
    bill: bill?.fileId && bill.fileId === row.billFileId ? presentBill(bill) : null,
    version: row.version,
  };
}

/** `analysisStatus` of each order: how many of its analyses are in each status. */
export async function countAnalyses(db: Db, orderIds: string[]): Promise<Map<string, AnalysisStatusCounts>> {
  const result = new Map(orderIds.map((id) => [id, { ...NO_COUNTS }]));
  if (orderIds.length === 0) return result;
  const rows = await db
    .select({ orderId: analyses.orderId, status: analyses.status, total: count() })
    .from(analyses)
    .where(inArray(analyses.orderId, orderIds))
    .groupBy(analyses.orderId, analyses.status);
  for (const row of rows) result.get(row.orderId)![ANALYSIS_STATUS_COUNT_KEYS[row.status]] = row.total;
  return result;
}

export async function presentOrders(db: Db, rows: OrderRow[], t: Translate): Promise<Order[]> {
  const ids = rows.map((row) => row.id);
  const [counts, bills] = await Promise.all([countAnalyses(db, ids), latestBills(db, ids)]);
  return rows.map((row) => presentOrder(row, counts.get(row.id)!, t, bills.get(row.id) ?? null));
}

const ORDER_SORT_COLUMNS = {
  createdAt: [orders.createdAt, orders.number],
  code: [orders.number],
  price: [orders.price, orders.number],
  quantity: [orders.quantity, orders.number],
  status: [orders.statusPayment, orders.number],
} as const;

/** Staff: one page of every user's orders (newest first, or by `sort`) and how many match in all. */
export async function staffOrderPage(db: Db, { status, userId, serviceId, sort = '-createdAt', limit, offset }: StaffOrderQuery): Promise<{ total: number; rows: OrderRow[] }> {
  const where = and(status ? eq(orders.statusPayment, status) : undefined, userId ? eq(orders.userId, userId) : undefined, serviceId ? eq(orders.serviceId, serviceId) : undefined);
  const direction = sort.startsWith('-') ? desc : asc;
  const columns = ORDER_SORT_COLUMNS[sort.replace(/^-/, '') as keyof typeof ORDER_SORT_COLUMNS];
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(orders).where(where);
  const rows = await db.select().from(orders).where(where).orderBy(...columns.map((column) => direction(column))).limit(limit).offset(offset);
  return { total, rows };
}

export async function listOrders(db: Db, userId: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.number));
}


/** The user's order, or 404 with v1's message (another user's is 404 too). */
export async function getOrder(db: Db, userId: string, id: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(and(eq(orders.id, id), eq(orders.userId, userId)));
  if (!row) throw notFound();
  return row;
}

/** Any order, for staff; 404 when unknown. */
export async function findOrder(db: Db, id: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw appError(404, 'errors.notFound');
  return row;
}

/** The notice of an order's change (created, billed, paid), mailed with a link to My services. */
export const orderNotice = (row: OrderRow, key: string, kind: Notice['kind'], mail: NonNullable<Notice['mail']>['kind']): Notice => ({
  kind,
  key,
  values: { code: row.code, service: row.serviceId },
  mail: { kind: mail, path: '/dashboard/my-services' },
});

export const orderEvent = (row: OrderRow) => ({ type: ORDER_CHANGED, userId: row.userId, id: row.id });

/** v1's code without the user's number: `yy/nnnn-ss` (year, order number, service). */
const codeOf = (number: number, serviceId: ServiceId, now: Date) =>
  `${String(now.getUTCFullYear() % 100).padStart(2, '0')}/${String(number).padStart(4, '0')}-${SERVICE_NUMBERS[serviceId]}`;

/**
 * Staff: creates an order for a user (remaining = quantity, awaiting payment). With the client's id, the same
 * order again returns the existing one (`created: false`); 400 when the user does not exist.
 */
export async function createOrder(db: Db, input: NewOrder, actor?: StaffActor): Promise<{ created: boolean; row: OrderRow }> {
  if (input.id) {
    const [existing] = await db.select().from(orders).where(eq(orders.id, input.id));
    if (existing) return { created: false, row: existing };
  }
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
  if (!user) throw fieldErrors([{ field: 'user_id', key: 'orders.userNotFound' }]);
  const row = await writeAndPublish(
    db,
    async (tx) => {
      const result = await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('orders', 'number'))::int AS number`);
      const number = (result as unknown as { rows: Array<{ number: number }> }).rows[0]!.number;
      const [inserted] = await tx
        .insert(orders)
        .values({
          ...(input.id ? { id: input.id } : {}),
          number,
          userId: input.userId,
          serviceId: input.serviceId,
          quantity: input.quantity,
          remaining: input.quantity,
          price: input.price,
          code: codeOf(number, input.serviceId, new Date()),
        })
        .returning();
      if (actor) await auditChange(tx, actor, { type: 'order', id: inserted!.id }, { before: null, after: inserted! }, AUDITED_ORDER_FIELDS);
      return inserted!;
    },
    orderEvent,
  );
  return { created: true, row };
}

/** The order's values an audit entry keeps. */
const AUDITED_ORDER_FIELDS = ['userId', 'serviceId', 'quantity', 'remaining', 'price', 'statusPayment', 'code', 'billFileId', 'billUrl', 'version'] as const;

type OrderChange = Partial<Pick<OrderRow, 'statusPayment' | 'billFileId' | 'billUrl'>>;

/**
 * Staff: an order's changed fields, with its version bumped; publishes the change (and audits it, with an actor).
 * With `whilePayment`, only while the order's payment status is that one (null when it no longer is).
 */
async function changeOrder(db: Db, row: OrderRow, change: OrderChange, actor?: StaffActor, whilePayment?: OrderRow['statusPayment']) {
  return writeAndPublish(
    db,
    async (tx) => {
      const [updated] = await tx
        .update(orders)
        .set({ ...change, modifiedAt: new Date(), version: sql`${orders.version} + 1` })
        .where(and(eq(orders.id, row.id), whilePayment ? eq(orders.statusPayment, whilePayment) : undefined))
        .returning();
      if (updated && actor) await auditChange(tx, actor, { type: 'order', id: row.id }, { before: row, after: updated }, [...(Object.keys(change) as (keyof OrderChange)[]), 'version']);
      return updated ?? null;
    },
    (updated) => updated && orderEvent(updated),
  );
}

export async function updateOrder(db: Db, row: OrderRow, change: OrderChange, actor?: StaffActor): Promise<OrderRow> {
  return (await changeOrder(db, row, change, actor))!;
}

/** Staff: the bill (a stored PDF or a URL) replaces the previous one; returns the order and the replaced file's storage key. */
export async function setBill(db: Db, row: OrderRow, bill: { fileId: string } | { url: string }, actor?: StaffActor) {
  const updated = await updateOrder(db, row, 'fileId' in bill ? { billFileId: bill.fileId, billUrl: null } : { billFileId: null, billUrl: bill.url }, actor);
  if (!row.billFileId) return { row: updated, replacedStorageKey: null };
  const [old] = await db.delete(files).where(eq(files.id, row.billFileId)).returning({ storageKey: files.storageKey });
  return { row: updated, replacedStorageKey: old?.storageKey ?? null };
}

/**
 * Staff confirm an order's payment by hand (CON), with the reason in the audit log; already confirmed (or confirmed
 * meanwhile by a webhook or another staff member): as it is, nothing told twice.
 */
export async function confirmOrderPayment(db: Db, row: OrderRow, staffId: string, reason: string): Promise<{ changed: boolean; row: OrderRow }> {
  if (row.statusPayment === 'CON') return { changed: false, row };
  const updated = await changeOrder(db, row, { statusPayment: 'CON' }, { staffId, action: 'order.confirmPayment', reason }, 'APG');
  return updated ? { changed: true, row: updated } : { changed: false, row: await findOrder(db, row.id) };
}
