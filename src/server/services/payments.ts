import { and, desc, eq, sql } from 'drizzle-orm';
import type { IssueBillBody } from '#shared/schemas/payments.ts';
import { addDays, isoDateInBrazil } from '#shared/brazil/dates.ts';
import type { Db } from '../db/client.ts';
import { bills, orders, paymentEvents } from '../db/schema.ts';
import { AppError, appError, fieldErrors } from '../errors.ts';
import { keepBoleto } from './boletos.ts';
import { billPayer, checkedPayerDocument, keepOnProfile } from './payer.ts';
import type { PaymentConfirmed, PaymentProvider } from '../payments/provider.ts';
import type { FileStore } from '../storage/file-store.ts';
import { orderEvent, orderNotice, setBill, type OrderRow } from './orders.ts';
import { writeTellAndMail, type NoticeContext } from './notices.ts';
import type { BillRow } from './bills.ts';
import type { StaffActor } from './audit.ts';
import { subscriptionPaidNotice, startHiredPeriod, type SubscriptionRow } from './subscription-lifecycle.ts';
import { subscriptionEvent } from './subscriptions.ts';
import { issuePix } from './pix.ts';
import { queueMail, type CompanyMail } from './mail-queue.ts';
import { latePixMail } from '../mail/templates.ts';

/** Where a refused amount is reported. */
interface WarningLog {
  warn(context: object, message: string): void;
}

/** A bill is due a week after it is issued unless staff say otherwise. */
const DEFAULT_DUE_DAYS = 7;

function dueDateOf(input: Pick<IssueBillBody, 'dueDate'>, now: Date): string {
  const today = isoDateInBrazil(now);
  if (!input.dueDate) return addDays(today, DEFAULT_DUE_DAYS);
  if (input.dueDate < today) throw fieldErrors([{ field: 'due_date', key: 'payments.dueDatePast' }]);
  return input.dueDate;
}

export interface IssueContext extends NoticeContext {
  fileStore: FileStore;
  provider: PaymentProvider;
}

/**
 * Staff: issues the order's boleto (or, with `method: 'pix'`, its PIX charge: services/pix.ts) through the provider and, in one transaction, keeps its PDF as the order's bill
 * (replacing the previous one), the payer's document on the profile when it was new there, and the user's notice.
 */
export async function issueBill(ctx: IssueContext, order: OrderRow, input: IssueBillBody, now = new Date(), actor?: StaffActor) {
  if (order.statusPayment !== 'APG') throw appError(409, 'payments.alreadyPaid');
  const { user, document } = await checkedPayerDocument(ctx.db, order.userId, input);
  if (input.method === 'pix') {
    const record = await issuePix(ctx.provider, { user, document, amountCents: Math.round(order.price * 100), subject: { orderId: order.id } }, now);
    return setBill(ctx, order, async (tx) => {
      await keepOnProfile(tx, order.userId, document);
      await record(tx);
      return { pix: true };
    }, actor);
  }
  const dueDate = dueDateOf(input, now);
  const issued = await ctx.provider.issueBill({ amountCents: Math.round(order.price * 100), payer: billPayer(user, document), dueDate, documentNumber: order.code });
  const boleto = {
    userId: order.userId,
    fileName: `boleto-${order.code.replace(/\W+/g, '-')}.pdf`,
    provider: ctx.provider.name,
    payerDocument: document.value,
    issued,
    subject: { orderId: order.id },
  };
  return keepBoleto(ctx.fileStore, boleto, (record) =>
    setBill(ctx, order, async (tx) => {
      await keepOnProfile(tx, order.userId, document);
      return { fileId: await record(tx) };
    }, actor),
  );
}

/** A provider's bill by its id, or by the 47 digits of its line (what `sandbox:pay` is given); `forUpdate`: locked until `db`'s transaction ends. */
export async function findBill(db: Db, provider: string, billIdOrLine: string, { forUpdate = false } = {}): Promise<BillRow | null> {
  const line = billIdOrLine.replace(/[\s.]/g, '');
  const where = /^\d{47}$/.test(line) ? eq(bills.line, line) : eq(bills.providerBillId, billIdOrLine);
  const query = db.select().from(bills).where(and(eq(bills.provider, provider), where)).orderBy(desc(bills.createdAt)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export type ConfirmationResult =
  | { result: 'replayed' | 'alreadyPaid'; order: null; subscription?: null }
  | { result: 'confirmed'; order: OrderRow; subscription?: null }
  | { result: 'confirmed'; order: null; subscription: SubscriptionRow };

/**
 * Records the event and confirms the bill and its order (CON) in `tx`; the event id's unique index makes a
 * retried delivery, even a concurrent one, do nothing again. 404 for an unknown bill, 409 for another amount.
 */
export async function confirmPayment(tx: Db, provider: string, event: PaymentConfirmed, staff?: CompanyMail): Promise<ConfirmationResult> {
  // Locked: two events for one bill, sent at once, are decided one after the other (one confirms, one finds it paid).
  const bill = await findBill(tx, provider, event.billId, { forUpdate: true });
  if (!bill) throw appError(404, 'payments.billNotFound');
  // A txid names a PIX charge and a bill id a boleto: a `pix.received` for a boleto (or the reverse) is not its payment.
  if ((event.type === 'pix.received') !== (bill.method === 'pix')) throw appError(409, 'payments.methodMismatch');
  if (event.amountCents !== bill.amountCents) {
    throw appError(409, 'payments.amountMismatch', { paid: event.amountCents / 100, billed: bill.amountCents / 100 });
  }
  const [recorded] = await tx
    .insert(paymentEvents)
    .values({ provider, eventId: event.id, billId: bill.id, type: event.type, amountCents: event.amountCents })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (!recorded) return { result: 'replayed', order: null };
  if (bill.status !== 'open') return { result: 'alreadyPaid', order: null };
  await tx.update(bills).set({ status: 'paid', paidAt: event.paidAt }).where(eq(bills.id, bill.id));
  // Money received is never refused: a PIX paid after its expiry confirms all the same, and staff are told.
  if (staff && bill.expiresAt && event.paidAt > bill.expiresAt) {
    const charge = { txid: bill.providerBillId, amountCents: bill.amountCents, expiresAt: bill.expiresAt, paidAt: event.paidAt, subject: bill.orderId ?? bill.subscriptionId! };
    await queueMail(tx, 'payment', latePixMail(staff.t, { to: staff.to, charge }));
  }
  if (bill.subscriptionId) {
    const subscription = await startHiredPeriod(tx, bill.subscriptionId, event.paidAt);
    return subscription ? { result: 'confirmed', order: null, subscription } : { result: 'alreadyPaid', order: null };
  }
  const [order] = await tx
    .update(orders)
    .set({ statusPayment: 'CON', modifiedAt: new Date(), version: sql`${orders.version} + 1` })
    .where(and(eq(orders.id, bill.orderId!), eq(orders.statusPayment, 'APG')))
    .returning();
  return order ? { result: 'confirmed', order } : { result: 'alreadyPaid', order: null };
}

/**
 * A provider's confirmed payment: the event, the bill, the order (CON) and the user's notification in one
 * transaction; then the order's change and the notification reach the events streams and Web Push, and the
 * e-mail goes in the user's language. A refused amount is logged: someone paid what the bill did not ask.
 */
export async function receivePayment(ctx: NoticeContext & { log: WarningLog; companyMail: CompanyMail }, provider: string, event: PaymentConfirmed): Promise<ConfirmationResult['result']> {
  try {
    const { result } = await writeTellAndMail(
      ctx,
      (tx) => confirmPayment(tx, provider, event, ctx.companyMail),
      ({ order, subscription }) => {
        if (subscription) return { event: subscriptionEvent(subscription), notice: subscriptionPaidNotice(subscription) };
        return order ? { event: orderEvent(order), notice: orderNotice(order, 'paymentConfirmed', 'success', 'paymentConfirmed') } : {};
      },
    );
    return result;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) ctx.log.warn({ provider, eventId: event.id, billId: event.billId, amountCents: event.amountCents }, 'payment amount does not match its bill');
    throw error;
  }
}
