import { and, asc, count, desc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { ServiceId } from '#shared/catalog.ts';
import {
  ANALYSIS_STATUS_COUNT_KEYS,
  PAYMENT_STATUS_LABELS,
  type AnalysisStatusCounts,
  type NewOrder,
  type Order,
} from '#shared/schemas/orders.ts';
import type { PaymentMethod } from '#shared/schemas/bills.ts';
import type { StaffOrderQuery } from '#shared/schemas/staff.ts';
import type { Db } from '../db/client.ts';
import { analyses, bills, files, orders, quoteRequests, users } from '../db/schema.ts';
import { appError, fieldErrors, notFound } from '../errors.ts';
import type { Translate } from '../i18n/translator.ts';
import { latestBills, presentBill, type BillRow } from './bills.ts';
import { writeAndTell, writeTellAndMail, type Notice, type NoticeContext } from './notices.ts';
import { auditChange, type StaffActor } from './audit.ts';
import { serviceNameOf } from './catalog.ts';
import { versionIs, whyNotWritten } from './queued-writes.ts';

export type OrderRow = typeof orders.$inferSelect;

/** Bus event of an order's change (events/bus.ts): `{type, userId, id}`. */
export const ORDER_CHANGED = 'order.changed';

/** v1's service codes in the order code (`…-01`); model-comp had none in v1 (05 was commented out). */
const SERVICE_NUMBERS: Record<ServiceId, string> = { 'dosi-clin': '01', 'dosi-preclin': '02', 'seg-quant': '03', radiosino: '04', 'model-comp': '05' };

export const fileUrl = (fileId: string) => `/api/v1/files/${fileId}/`;

const NO_COUNTS: AnalysisStatusCounts = { dataSet: 0, invalidInfos: 0, concluded: 0, processing: 0, analyzingInfos: 0 };

/** A pasted URL or PDF replaces a provider's bill: its line would no longer be the bill shown. A PIX charge has no file. */
const shownBill = (row: OrderRow, bill: BillRow) =>
  bill.method === 'pix' ? row.paymentMethod === 'pix' && !row.billFileId && !row.billUrl : Boolean(bill.fileId) && bill.fileId === row.billFileId;

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
    paymentMethod: row.paymentMethod,
    chosenPaymentMethod: row.chosenPaymentMethod,
    bill: bill && shownBill(row, bill) ? presentBill(bill) : null,
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

/** The notice of an order's change (created, billed, paid) to its user, mailed with a link to My services. */
export const orderNotice = (row: OrderRow, key: string, kind: Notice['kind'], mail: NonNullable<Notice['mail']>['kind']): Notice & { userId: string } => ({
  userId: row.userId,
  kind,
  key,
  values: { code: row.code, service: row.serviceId },
  mail: { kind: mail, path: '/dashboard/my-services' },
});

export const orderEvent = (row: OrderRow) => ({ type: ORDER_CHANGED, userId: row.userId, id: row.id });

/** A staff move of an order and what it tells its user: the change, its event, the notification and the mail commit together. */
export const orderNews = (row: OrderRow, notice: Notice & { userId: string }) => ({ event: orderEvent(row), notice });

/** v1's code without the user's number: `yy/nnnn-ss` (year, order number, service). */
const codeOf = (number: number, serviceId: ServiceId, now: Date) =>
  `${String(now.getUTCFullYear() % 100).padStart(2, '0')}/${String(number).padStart(4, '0')}-${SERVICE_NUMBERS[serviceId]}`;

/**
 * Staff: creates an order for a user (remaining = quantity, awaiting payment), who is told in the same transaction.
 * With the client's id, the same order again returns the existing one (`created: false`); 400 when the user does not exist.
 */
export async function createOrder(ctx: NoticeContext, input: NewOrder, actor?: StaffActor): Promise<{ created: boolean; row: OrderRow }> {
  const { db } = ctx;
  if (input.id) {
    const [existing] = await db.select().from(orders).where(eq(orders.id, input.id));
    if (existing) return { created: false, row: existing };
  }
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
  if (!user) throw fieldErrors([{ field: 'user_id', key: 'orders.userNotFound' }]);
  const chosen = input.quoteId ? await quoteMethod(db, input.userId, input.quoteId) : null;
  const row = await writeTellAndMail(
    ctx,
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
          ...(chosen && { paymentMethod: chosen, chosenPaymentMethod: chosen }),
        })
        .returning();
      if (actor) await auditChange(tx, actor, { type: 'order', id: inserted!.id }, { before: null, after: inserted! }, AUDITED_ORDER_FIELDS);
      // Made from the user's quote: their My quotes shows it ordered.
      if (input.quoteId) await tx.update(quoteRequests).set({ orderId: inserted!.id }).where(and(eq(quoteRequests.id, input.quoteId), eq(quoteRequests.userId, input.userId)));
      return inserted!;
    },
    (inserted) => orderNews(inserted, orderNotice(inserted, 'orderCreated', 'success', 'orderCreated')),
  );
  return { created: true, row };
}

/** How the client asked to pay on their quote request (the order made from it starts with it); null: not theirs. */
async function quoteMethod(db: Db, userId: string, quoteId: string): Promise<PaymentMethod | null> {
  const [quote] = await db.select({ method: quoteRequests.paymentMethod }).from(quoteRequests).where(and(eq(quoteRequests.id, quoteId), eq(quoteRequests.userId, userId)));
  return quote?.method ?? null;
}

/** Not billed yet: no pasted bill (a URL or a PDF) and none issued through the provider (a boleto or a PIX charge). */
const notBilled = (db: Db) => and(isNull(orders.billFileId), isNull(orders.billUrl), notExists(db.select({ id: bills.id }).from(bills).where(eq(bills.orderId, orders.id))));

/**
 * The client chooses how to pay their order (issue 34) while it awaits payment and has no bill: 409 once billed or
 * paid, 412 on a stale If-Match. Other devices hear of it (the order's event). The same choice again changes nothing.
 */
export async function choosePaymentMethod(db: Db, row: OrderRow, method: PaymentMethod, expectedVersion: number | null): Promise<OrderRow> {
  if (row.chosenPaymentMethod === method && row.paymentMethod === method && (expectedVersion === null || expectedVersion === row.version)) return row;
  return writeAndTell(
    db,
    async (tx) => {
      const [updated] = await tx
        .update(orders)
        .set({ paymentMethod: method, chosenPaymentMethod: method, modifiedAt: new Date(), version: sql`${orders.version} + 1` })
        .where(and(eq(orders.id, row.id), eq(orders.statusPayment, 'APG'), notBilled(tx), versionIs(orders.version, expectedVersion)))
        .returning();
      if (updated) return updated;
      const [now] = await tx.select().from(orders).where(eq(orders.id, row.id));
      throw whyNotWritten(now, expectedVersion, () => appError(409, 'orders.methodLocked'));
    },
    (updated) => ({ event: orderEvent(updated) }),
  );
}

/** The order's values an audit entry keeps. */
const AUDITED_ORDER_FIELDS = ['userId', 'serviceId', 'quantity', 'remaining', 'price', 'statusPayment', 'code', 'billFileId', 'billUrl', 'version'] as const;

type OrderChange = Partial<Pick<OrderRow, 'statusPayment' | 'billFileId' | 'billUrl' | 'paymentMethod'>>;

interface OrderMove {
  /** The fields to change. */
  change: OrderChange;
  /** What the user is told of it (in the same transaction). */
  notice: (row: OrderRow) => Notice & { userId: string };
  actor?: StaffActor;
  /** Only while the order's payment status is this one (null when it no longer is). */
  whilePayment?: OrderRow['statusPayment'];
  /** More of the move, in its transaction once the order has changed. */
  afterChange?: (tx: Db) => Promise<void>;
}

/** Staff: an order's changed fields, with its version bumped, its event and its user's notice (audited, with an actor). */
async function changeOrder(ctx: NoticeContext, row: OrderRow, { change, notice, actor, whilePayment, afterChange }: OrderMove) {
  return writeTellAndMail(
    ctx,
    async (tx) => {
      const [updated] = await tx
        .update(orders)
        .set({ ...change, modifiedAt: new Date(), version: sql`${orders.version} + 1` })
        .where(and(eq(orders.id, row.id), whilePayment ? eq(orders.statusPayment, whilePayment) : undefined))
        .returning();
      if (updated && actor) await auditChange(tx, actor, { type: 'order', id: row.id }, { before: row, after: updated }, [...(Object.keys(change) as (keyof OrderChange)[]), 'version']);
      if (updated && afterChange) await afterChange(tx);
      return updated ?? null;
    },
    (updated) => (updated ? orderNews(updated, notice(updated)) : {}),
  );
}

/** A PDF staff uploaded (a boleto made elsewhere) or a link to one; a bill the provider issues: services/bill-issuing.ts. */
export type BillSource = { fileId: string } | { url: string };
function billChange(bill: BillSource): OrderChange {
  return 'fileId' in bill ? { billFileId: bill.fileId, billUrl: null, paymentMethod: 'boleto' } : { billFileId: null, billUrl: bill.url, paymentMethod: 'boleto' };
}

/** The user's notice of their order's new bill, its mail with the boleto's line and amount when it is one. */
export function billNotice(updated: OrderRow) {
  const told = orderNotice(updated, 'billIssued', 'update', 'billIssued');
  return { ...told, mail: { ...told.mail!, billFileId: updated.billFileId } };
}

/** The fields a bill's audit entry keeps: those `billChange` sets, and the version (as `changeOrder` keeps them). */
export const BILL_AUDIT_KEYS = ['billFileId', 'billUrl', 'paymentMethod', 'version'] as const satisfies readonly (keyof OrderRow)[];

/**
 * Staff: the bill (a stored PDF or a URL) replaces the previous one, whose file row goes in the same transaction; the
 * user is told. Returns the order and the replaced file's storage key (to remove from the store once committed).
 */
export async function setBill(ctx: NoticeContext, row: OrderRow, bill: BillSource, actor?: StaffActor) {
  let replacedStorageKey: string | null = null;
  const updated = await changeOrder(ctx, row, {
    change: billChange(bill),
    actor,
    notice: billNotice,
    afterChange: async (tx) => {
      if (!row.billFileId) return;
      const [old] = await tx.delete(files).where(eq(files.id, row.billFileId)).returning({ storageKey: files.storageKey });
      replacedStorageKey = old?.storageKey ?? null;
    },
  });
  return { row: updated!, replacedStorageKey };
}

/**
 * Staff confirm an order's payment by hand (CON), with the reason in the audit log, the user told in the same
 * transaction; already confirmed (or confirmed meanwhile by a webhook or another staff member): as it is, nothing told twice.
 */
export async function confirmOrderPayment(ctx: NoticeContext, row: OrderRow, staffId: string, reason: string): Promise<{ changed: boolean; row: OrderRow }> {
  if (row.statusPayment === 'CON') return { changed: false, row };
  const updated = await changeOrder(ctx, row, {
    change: { statusPayment: 'CON' },
    actor: { staffId, action: 'order.confirmPayment', reason },
    whilePayment: 'APG',
    notice: (updated) => orderNotice(updated, 'paymentConfirmed', 'success', 'paymentConfirmed'),
  });
  return updated ? { changed: true, row: updated } : { changed: false, row: await findOrder(ctx.db, row.id) };
}
