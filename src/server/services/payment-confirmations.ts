import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bills, orders, paymentEvents } from '../db/schema.ts';
import { AppError, appError } from '../errors.ts';
import type { PaymentConfirmed } from '../payments/provider.ts';
import { latePixMail } from '../mail/templates.ts';
import { groupCommit, type Outcome } from './group-commit.ts';
import { queueMail, type CompanyMail } from './mail-queue.ts';
import { writeTellAndMailEach, type NoticeContext } from './notices.ts';
import { orderEvent, orderNotice, type OrderRow } from './orders.ts';
import type { BillRow } from './bills.ts';
import { subscriptionPaidNotice, startHiredPeriod, type SubscriptionRow } from './subscription-lifecycle.ts';
import { subscriptionEvent } from './subscriptions.ts';

/** Where a refused amount is reported. */
interface WarningLog {
  warn(context: object, message: string): void;
}

export type ConfirmationResult =
  | { result: 'replayed' | 'alreadyPaid'; order: null; subscription?: null }
  | { result: 'confirmed'; order: OrderRow; subscription?: null }
  | { result: 'confirmed'; order: null; subscription: SubscriptionRow };

const REPLAYED = { result: 'replayed', order: null } as const;
const ALREADY_PAID = { result: 'alreadyPaid', order: null } as const;

/** A bill named by its provider id (a boleto's id, a PIX txid) or by the 47 digits of its line (what `sandbox:pay` is given). */
const lineOf = (billIdOrLine: string) => {
  const line = billIdOrLine.replace(/[\s.]/g, '');
  return /^\d{47}$/.test(line) ? line : null;
};

/**
 * The events' bills, locked until `tx` ends (in id order: two processes locking overlapping batches wait, not deadlock),
 * each event's newest match by its id or line; null for none.
 */
async function lockBills(tx: Db, provider: string, events: readonly PaymentConfirmed[]): Promise<(BillRow | null)[]> {
  const lines = events.flatMap((event) => lineOf(event.billId) ?? []);
  const ids = events.flatMap((event) => (lineOf(event.billId) ? [] : [event.billId]));
  const named = or(ids.length > 0 ? inArray(bills.providerBillId, ids) : undefined, lines.length > 0 ? inArray(bills.line, lines) : undefined);
  const rows = await tx.select().from(bills).where(and(eq(bills.provider, provider), named)).orderBy(asc(bills.id)).for('update');
  const newest = (matches: BillRow[]) => matches.reduce<BillRow | null>((found, row) => (!found || row.createdAt > found.createdAt ? row : found), null);
  return events.map((event) => {
    const line = lineOf(event.billId);
    return newest(rows.filter((row) => (line ? row.line === line : row.providerBillId === event.billId)));
  });
}

/** Why an event cannot pay its bill: 404 for no bill, 409 for the other kind of bill or another amount; null when it can. */
function refusal(event: PaymentConfirmed, bill: BillRow | null): AppError | null {
  if (!bill) return appError(404, 'payments.billNotFound');
  // A txid names a PIX charge and a bill id a boleto: a `pix.received` for a boleto (or the reverse) is not its payment.
  if ((event.type === 'pix.received') !== (bill.method === 'pix')) return appError(409, 'payments.methodMismatch');
  if (event.amountCents !== bill.amountCents) return appError(409, 'payments.amountMismatch', { paid: event.amountCents / 100, billed: bill.amountCents / 100 });
  return null;
}

/** Records the events not seen before (the unique index on provider and event id: a retried delivery, even a concurrent one, is seen); their ids. */
async function recordNewEvents(tx: Db, provider: string, payments: { event: PaymentConfirmed; bill: BillRow }[]): Promise<Set<string>> {
  if (payments.length === 0) return new Set();
  const rows = await tx
    .insert(paymentEvents)
    .values(payments.map(({ event, bill }) => ({ provider, eventId: event.id, billId: bill.id, type: event.type, amountCents: event.amountCents })))
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return new Set(rows.map((row) => row.eventId));
}

/** The bills paid, each at its event's time, in one statement. */
async function markPaid(tx: Db, paid: { event: PaymentConfirmed; bill: BillRow }[]) {
  if (paid.length === 0) return;
  const values = paid.map(({ event, bill }) => sql`(${bill.id}::uuid, ${event.paidAt.toISOString()}::timestamptz)`);
  await tx.execute(sql`UPDATE ${bills} SET status = 'paid', paid_at = v.paid_at FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, paid_at) WHERE ${bills.id} = v.id`);
}

/** The orders of the paid bills confirmed (CON) while still awaiting payment, by id. */
async function confirmOrders(tx: Db, orderIds: string[]): Promise<Map<string, OrderRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await tx
    .update(orders)
    .set({ statusPayment: 'CON', modifiedAt: new Date(), version: sql`${orders.version} + 1` })
    .where(and(inArray(orders.id, orderIds), eq(orders.statusPayment, 'APG')))
    .returning();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Money received is never refused: a PIX paid after its expiry confirms all the same, and staff are told. */
async function tellStaffOfLatePix(tx: Db, staff: CompanyMail | undefined, { event, bill }: { event: PaymentConfirmed; bill: BillRow }) {
  if (!staff || !bill.expiresAt || event.paidAt <= bill.expiresAt) return;
  const charge = { txid: bill.providerBillId, amountCents: bill.amountCents, expiresAt: bill.expiresAt, paidAt: event.paidAt, subject: bill.orderId ?? bill.subscriptionId! };
  await queueMail(tx, 'payment', latePixMail(staff.t, { to: staff.to, charge }));
}

/**
 * Records the events and confirms their bills and orders (CON) or subscriptions in `tx`, set-wise; each event's
 * outcome in its place. An event id seen before → `replayed`; a bill already paid (before, or by an earlier event of
 * the batch) → `alreadyPaid`; 404 for an unknown bill, 409 for another amount or kind, for that event alone.
 */
export async function confirmPayments(tx: Db, provider: string, events: readonly PaymentConfirmed[], staff?: CompanyMail): Promise<Outcome<ConfirmationResult>[]> {
  const billsOf = await lockBills(tx, provider, events);
  const outcomes: (Outcome<ConfirmationResult> | null)[] = events.map((event, i) => {
    const refused = refusal(event, billsOf[i]!);
    return refused ? { ok: false, error: refused } : null;
  });
  const firstOfId = new Map<string, number>();
  events.forEach((event, i) => outcomes[i] === null && !firstOfId.has(event.id) && firstOfId.set(event.id, i));
  const candidates = [...firstOfId.values()].map((i) => ({ i, event: events[i]!, bill: billsOf[i]! }));
  const recorded = await recordNewEvents(tx, provider, candidates);
  const paying = new Set<string>();
  const paid = candidates.filter(({ event, bill }) => recorded.has(event.id) && bill.status === 'open' && !paying.has(bill.id) && paying.add(bill.id));
  await markPaid(tx, paid);
  for (const payment of paid) await tellStaffOfLatePix(tx, staff, payment);
  const confirmed = await confirmOrders(tx, paid.flatMap(({ bill }) => bill.orderId ?? []));
  const results = new Map<number, ConfirmationResult>();
  const told = new Set<string>();
  for (const { i, event, bill } of paid) {
    if (bill.orderId) {
      // Two bills of one order paid in one batch: the order is confirmed once.
      const order = told.has(bill.orderId) ? undefined : confirmed.get(bill.orderId);
      if (order) told.add(order.id);
      results.set(i, order ? { result: 'confirmed', order } : ALREADY_PAID);
    } else {
      const subscription = await startHiredPeriod(tx, bill.subscriptionId!, event.paidAt);
      results.set(i, subscription ? { result: 'confirmed', order: null, subscription } : ALREADY_PAID);
    }
  }
  return events.map((event, i) => {
    const settled = outcomes[i] ?? (results.has(i) ? { ok: true, value: results.get(i)! } : null);
    if (settled) return settled;
    const first = firstOfId.get(event.id)!;
    return { ok: true, value: first === i && recorded.has(event.id) ? ALREADY_PAID : REPLAYED };
  });
}

export interface PaymentContext extends NoticeContext {
  log: WarningLog;
  companyMail: CompanyMail;
}

type Delivery = { ctx: PaymentContext; event: PaymentConfirmed };

/** The confirmations of one batch: the events, bills, orders or subscriptions, notifications and mails in one transaction (every caller on one database passes its app's context). */
async function confirmBatch(provider: string, deliveries: Delivery[]): Promise<Outcome<ConfirmationResult>[]> {
  const { ctx } = deliveries[0]!;
  return writeTellAndMailEach(
    ctx,
    (tx) => confirmPayments(tx, provider, deliveries.map(({ event }) => event), ctx.companyMail),
    (outcome) => {
      if (!outcome.ok) return {};
      const { order, subscription } = outcome.value;
      if (subscription) return { event: subscriptionEvent(subscription), notice: subscriptionPaidNotice(subscription) };
      return order ? { event: orderEvent(order), notice: orderNotice(order, 'paymentConfirmed', 'success', 'paymentConfirmed') } : {};
    },
  );
}

/** One group commit per database and provider (each app, each test app has its own). */
const confirmers = new WeakMap<Db, Map<string, (delivery: Delivery) => Promise<ConfirmationResult>>>();

function confirmerOf(db: Db, provider: string) {
  const byProvider = confirmers.get(db) ?? new Map<string, (delivery: Delivery) => Promise<ConfirmationResult>>();
  confirmers.set(db, byProvider);
  if (!byProvider.has(provider)) byProvider.set(provider, groupCommit((deliveries: Delivery[]) => confirmBatch(provider, deliveries)));
  return byProvider.get(provider)!;
}

/**
 * A provider's confirmed payment: the event, the bill, the order (CON) and the user's notification in one
 * transaction, with the other events that arrived meanwhile (services/group-commit.ts); then the changes and the
 * notifications reach the events streams and Web Push, and the e-mails go in each user's language. A refused
 * amount is logged: someone paid what the bill did not ask.
 */
export async function receivePayment(ctx: PaymentContext, provider: string, event: PaymentConfirmed): Promise<ConfirmationResult['result']> {
  try {
    return (await confirmerOf(ctx.db, provider)({ ctx, event })).result;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) ctx.log.warn({ provider, eventId: event.id, billId: event.billId, amountCents: event.amountCents }, 'payment amount does not match its bill');
    throw error;
  }
}
