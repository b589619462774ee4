import { z } from 'zod';
import { CnpjSchema, CpfSchema } from '../brazil/schemas.ts';
import { PAYMENT_METHODS } from './bills.ts';

export { PAYMENT_METHODS, type PaymentMethod } from './bills.ts';

export const PAYMENT_PROVIDERS = ['sandbox'] as const;

/**
 * Staff: issue the order's boleto through a provider. The payer's CPF or CNPJ comes from their profile; when it has
 * none, the request gives one, which is then kept on the profile.
 */
export const IssueBillBody = z
  .object({
    provider: z.enum(PAYMENT_PROVIDERS),
    /** A boleto (the default) or a PIX charge; kept on the order as its payment method. */
    method: z.enum(PAYMENT_METHODS, 'payments.unknownMethod').optional(),
    /** YYYY-MM-DD, today or later; 7 days from today when omitted. */
    dueDate: z.iso.date('validation.invalidDate').optional(),
    cpf: CpfSchema.clone().optional(),
    cnpj: CnpjSchema.clone().optional(),
  })
  .meta({ id: 'IssueBillBody' });
export type IssueBillBody = z.infer<typeof IssueBillBody>;

/** Staff: the order's bill as a link to a PDF kept elsewhere. */
export const BillUrlBody = z.object({ billUrl: z.url({ protocol: /^https?$/, error: 'validation.invalidUrl' }) });

/** Staff: an order's bill as JSON (`/staff/orders/{oid}/bill/`; a multipart PDF `bill` is the other way). */
export const OrderBillBody = z.union([BillUrlBody, IssueBillBody]);

/** "150.00": the amount in BRL with two decimals, as the gateways send it. */
const Amount = z.string().regex(/^\d{1,8}\.\d{2}$/);

/** A boleto paid (`npm run sandbox:pay -- <bill id | line>` sends one). */
const BoletoPaid = z
  .object({
    id: z.string().min(1).max(200),
    type: z.literal('payment.confirmed'),
    data: z.object({
      /** The provider's bill id (`sbx_…`). */
      billId: z.string().min(1).max(200),
      amount: Amount,
      paidAt: z.iso.datetime({ offset: true }),
    }),
  });

/** A PIX charge paid (`npm run sandbox:pay -- <txid | copy-paste code>` sends one): its txid and the amount received. */
const PixReceived = z.object({
  id: z.string().min(1).max(200),
  type: z.literal('pix.received'),
  data: z.object({
    /** The charge's txid (field 62-05 of its BR Code). */
    txid: z.string().min(1).max(35),
    amount: Amount,
    /** The PIX's end-to-end id at the payer's bank. */
    endToEndId: z.string().max(64).optional(),
    paidAt: z.iso.datetime({ offset: true }),
  }),
});

/** The sandbox provider's webhook events. */
export const SandboxPaymentEvent = z.discriminatedUnion('type', [BoletoPaid, PixReceived]).meta({ id: 'SandboxPaymentEvent' });
export type SandboxPaymentEvent = z.infer<typeof SandboxPaymentEvent>;

/** `confirmed`: this event confirmed the payment; `replayed`: the event was seen before; `alreadyPaid`: another event had paid the bill. */
export const WebhookAnswer = z.object({ result: z.enum(['confirmed', 'replayed', 'alreadyPaid']) }).meta({ id: 'WebhookAnswer' });
export type WebhookAnswer = z.infer<typeof WebhookAnswer>;
