import { Readable } from 'node:stream';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { IssueBillBody } from '#shared/schemas/payments.ts';
import { isoDateInBrazil } from '#shared/brazil/dates.ts';
import type { Db } from '../db/client.ts';
import { bills, files, orders, paymentEvents, users } from '../db/schema.ts';
import { AppError, appError, fieldErrors } from '../errors.ts';
import type { IssuedBill, PaymentConfirmed, PaymentProvider } from '../payments/provider.ts';
import type { FileStore, StoredBytes } from '../storage/file-store.ts';
import { orderEvent, orderNotice, setBill, type OrderRow } from './orders.ts';
import { writeTellAndMail, type NoticeContext } from './notices.ts';
import type { BillRow } from './bills.ts';
import type { UserRow } from './users.ts';
import type { StaffActor } from './audit.ts';
import { signaturePaidNotice, startHiredPeriod, type SignatureRow } from './signature-lifecycle.ts';
import { signatureEvent } from './signatures.ts';

/** A bill is due a week after it is issued unless staff say otherwise. */
const DEFAULT_DUE_DAYS = 7;

type PayerField = 'cpf' | 'cnpj';
export interface PayerDocument {
  field: PayerField;
  value: string;
  /** The request gave it and the profile had none: it is kept there. */
  newOnProfile: boolean;
}

/**
 * The CPF or CNPJ the bill is issued to: the profile's (CNPJ first: a clinic usually pays), or the one the
 * request gives when the profile has none. A request's value that differs from the profile's is refused (409).
 */
export function payerDocument(user: UserRow, input: Pick<IssueBillBody, 'cpf' | 'cnpj'>): PayerDocument {
  for (const field of ['cpf', 'cnpj'] as const) {
    const given = input[field];
    if (given && user[field] && given !== user[field]) throw new AppError(409, [{ field, key: `payments.${field}Differs` }]);
  }
  for (const field of ['cnpj', 'cpf'] as const) {
    if (user[field]) return { field, value: user[field]!, newOnProfile: false };
  }
  for (const field of ['cnpj', 'cpf'] as const) {
    if (input[field]) return { field, value: input[field]!, newOnProfile: true };
  }
  throw fieldErrors([{ field: 'cpf', key: 'payments.payerDocumentRequired' }]);
}

/** A CPF new to the profile must be no one else's (checked before the gateway is asked for anything). */
export async function assertDocumentFree(db: Db, document: PayerDocument) {
  if (!document.newOnProfile || document.field !== 'cpf') return;
  const [other] = await db.select({ id: users.id }).from(users).where(eq(users.cpf, document.value));
  if (other) throw fieldErrors([{ field: 'cpf', key: 'auth.cpfTaken' }]);
}

export const keepOnProfile = (tx: Db, userId: string, document: PayerDocument) =>
  tx
    .update(users)
    .set({ [document.field]: document.value, updatedAt: new Date(), version: sql`${users.version} + 1` })
    .where(eq(users.id, userId));

function dueDateOf(input: Pick<IssueBillBody, 'dueDate'>, now: Date): string {
  const today = isoDateInBrazil(now);
  if (!input.dueDate) return isoDateInBrazil(new Date(now.getTime() + DEFAULT_DUE_DAYS * 86_400_000));
  if (input.dueDate < today) throw fieldErrors([{ field: 'due_date', key: 'payments.dueDatePast' }]);
  return input.dueDate;
}

export interface IssueContext {
  db: Db;
  fileStore: FileStore;
  provider: PaymentProvider;
}

/** The issued bill's rows, in one transaction: its PDF as the user's file, the bill, and a payer document new to the profile. */
async function recordIssuedBill(db: Db, order: OrderRow, provider: string, document: PayerDocument, issued: IssuedBill, stored: StoredBytes): Promise<string> {
  return db.transaction(async (tx) => {
    if (document.newOnProfile) await keepOnProfile(tx, order.userId, document);
    const [file] = await tx
      .insert(files)
      .values({ userId: order.userId, name: `boleto-${order.code.replace(/\W+/g, '-')}.pdf`, contentType: 'application/pdf', ...stored })
      .returning({ id: files.id });
    const { providerBillId, amountCents, dueDate, line, barcode } = issued;
    await tx.insert(bills).values({ orderId: order.id, provider, providerBillId, amountCents, dueDate, line, barcode, payerDocument: document.value, fileId: file!.id });
    return file!.id;
  });
}

/**
 * Staff: issues the order's boleto through the provider, keeps its PDF as the order's bill (replacing the
 * previous one) and the payer's document on the profile when it was new there.
 */
export async function issueBill({ db, fileStore, provider }: IssueContext, order: OrderRow, input: IssueBillBody, now = new Date(), actor?: StaffActor) {
  if (order.statusPayment === 'CON') throw appError(409, 'payments.alreadyPaid');
  const [user] = await db.select().from(users).where(eq(users.id, order.userId));
  const document = payerDocument(user!, input);
  const dueDate = dueDateOf(input, now);
  await assertDocumentFree(db, document);
  const payerName = document.field === 'cnpj' && user!.clinic ? user!.clinic : user!.name;
  const issued = await provider.issueBill({ amountCents: Math.round(order.price * 100), payer: { name: payerName, document: document.value }, dueDate, documentNumber: order.code });
  const stored = await fileStore.save(Readable.from([issued.pdf]));
  let fileId: string;
  try {
    fileId = await recordIssuedBill(db, order, provider.name, document, issued, stored);
  } catch (error) {
    await fileStore.remove(stored.storageKey);
    throw error;
  }
  return setBill(db, order, { fileId }, actor);
}

/** A provider's bill by its id, or by the 47 digits of its line (what `sandbox:pay` is given). */
export async function findBill(db: Db, provider: string, billIdOrLine: string): Promise<BillRow | null> {
  const line = billIdOrLine.replace(/[\s.]/g, '');
  const where = /^\d{47}$/.test(line) ? eq(bills.line, line) : eq(bills.providerBillId, billIdOrLine);
  const [row] = await db.select().from(bills).where(and(eq(bills.provider, provider), where)).orderBy(desc(bills.createdAt)).limit(1);
  return row ?? null;
}

export type ConfirmationResult =
  | { result: 'replayed' | 'alreadyPaid'; order: null; signature?: null }
  | { result: 'confirmed'; order: OrderRow; signature?: null }
  | { result: 'confirmed'; order: null; signature: SignatureRow };

/**
 * Records the event and confirms the bill and its order (CON) in `tx`; the event id's unique index makes a
 * retried delivery, even a concurrent one, do nothing again. 404 for an unknown bill, 409 for another amount.
 */
export async function confirmPayment(tx: Db, provider: string, event: PaymentConfirmed): Promise<ConfirmationResult> {
  const bill = await findBill(tx, provider, event.billId);
  if (!bill) throw appError(404, 'payments.billNotFound');
  if (event.amountCents !== bill.amountCents) {
    throw appError(409, 'payments.amountMismatch', { paid: (event.amountCents / 100).toFixed(2), billed: (bill.amountCents / 100).toFixed(2) });
  }
  const [recorded] = await tx
    .insert(paymentEvents)
    .values({ provider, eventId: event.id, billId: bill.id, type: event.type, amountCents: event.amountCents })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (!recorded) return { result: 'replayed', order: null };
  if (bill.status === 'paid') return { result: 'alreadyPaid', order: null };
  await tx.update(bills).set({ status: 'paid', paidAt: event.paidAt }).where(eq(bills.id, bill.id));
  if (bill.signatureId) {
    const signature = await startHiredPeriod(tx, bill.signatureId, event.paidAt);
    return signature ? { result: 'confirmed', order: null, signature } : { result: 'alreadyPaid', order: null };
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
export async function receivePayment(ctx: NoticeContext, provider: string, event: PaymentConfirmed): Promise<ConfirmationResult['result']> {
  try {
    const { result } = await writeTellAndMail(
      ctx,
      (tx) => confirmPayment(tx, provider, event),
      ({ order, signature }) => {
        if (signature) return { event: signatureEvent(signature), notice: signaturePaidNotice(signature) };
        return order ? { event: orderEvent(order), notice: { ...orderNotice(order, 'paymentConfirmed', 'success', 'paymentConfirmed'), userId: order.userId } } : {};
      },
    );
    return result;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) ctx.log.warn({ provider, eventId: event.id, billId: event.billId, amountCents: event.amountCents }, 'payment amount does not match its bill');
    throw error;
  }
}
