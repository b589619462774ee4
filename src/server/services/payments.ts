import type { IssueBillBody } from '#shared/schemas/payments.ts';
import { addDays, isoDateInBrazil } from '#shared/brazil/dates.ts';
import { appError, fieldErrors } from '../errors.ts';
import { keepBoleto, type BillRows } from './boletos.ts';
import { billPayer, checkedPayerDocument } from './payer.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { OrderRow } from './orders.ts';
import { recordBill } from './bill-issuing.ts';
import type { NoticeContext } from './notices.ts';
import type { StaffActor } from './audit.ts';
import { pixBillRow } from './pix.ts';

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
 * Staff: issues the order's boleto (or, with `method: 'pix'`, its PIX charge: services/pix.ts) through the provider and
 * records it as the order's bill (replacing the previous one), the payer's document on the profile when it was new
 * there, and the user's notice, with the other bills issued meanwhile (services/bill-issuing.ts); a boleto's PDF is
 * drawn on its first download unless the provider handed one back (services/boleto-pdfs.ts).
 */
export async function issueBill(ctx: IssueContext, order: OrderRow, input: IssueBillBody, now = new Date(), actor?: StaffActor) {
  if (order.statusPayment !== 'APG') throw appError(409, 'payments.alreadyPaid');
  const { user, document } = await checkedPayerDocument(ctx.db, order.userId, input);
  const { db, translator, baseUrl } = ctx;
  const record = (rows: BillRows) => recordBill({ ctx: { db, translator, baseUrl }, order, document, rows, actor });
  if (input.method === 'pix') {
    const bill = await pixBillRow(ctx.provider, { user, document, amountCents: Math.round(order.price * 100), subject: { orderId: order.id } }, now);
    return record({ file: null, bill });
  }
  const request = { amountCents: Math.round(order.price * 100), payer: billPayer(user, document), dueDate: dueDateOf(input, now), documentNumber: order.code };
  const boleto = {
    userId: order.userId,
    fileName: `boleto-${order.code.replace(/\W+/g, '-')}.pdf`,
    provider: ctx.provider.name,
    payerDocument: document.value,
    request,
    issued: await ctx.provider.issueBill(request),
    subject: { orderId: order.id },
  };
  return keepBoleto(ctx.fileStore, boleto, record);
}
