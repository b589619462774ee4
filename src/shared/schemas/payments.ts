import { z } from 'zod';
import { CnpjSchema, CpfSchema } from '../brazil/schemas.ts';

export const PAYMENT_PROVIDERS = ['sandbox'] as const;

/**
 * Staff: issue the order's boleto through a provider. The payer's CPF or CNPJ comes from their profile; when it has
 * none, the request gives one, which is then kept on the profile.
 */
export const IssueBillBody = z
  .object({
    provider: z.enum(PAYMENT_PROVIDERS),
    /** YYYY-MM-DD, today or later; 7 days from today when omitted. */
    dueDate: z.iso.date('validation.invalidDate').optional(),
    cpf: CpfSchema.clone().optional(),
    cnpj: CnpjSchema.clone().optional(),
  })
  .meta({ id: 'IssueBillBody' });
export type IssueBillBody = z.infer<typeof IssueBillBody>;

/** "150.00": the amount in BRL with two decimals, as the gateways send it. */
const Amount = z.string().regex(/^\d{1,8}\.\d{2}$/);

/** The sandbox provider's webhook event (`npm run sandbox:pay` sends one). */
export const SandboxPaymentEvent = z
  .object({
    id: z.string().min(1).max(200),
    type: z.literal('payment.confirmed'),
    data: z.object({
      /** The provider's bill id (`sbx_…`). */
      billId: z.string().min(1).max(200),
      amount: Amount,
      paidAt: z.iso.datetime({ offset: true }),
    }),
  })
  .meta({ id: 'SandboxPaymentEvent' });
export type SandboxPaymentEvent = z.infer<typeof SandboxPaymentEvent>;

/** `confirmed`: this event confirmed the payment; `replayed`: the event was seen before; `alreadyPaid`: another event had paid the bill. */
export const WebhookAnswer = z.object({ result: z.enum(['confirmed', 'replayed', 'alreadyPaid']) }).meta({ id: 'WebhookAnswer' });
export type WebhookAnswer = z.infer<typeof WebhookAnswer>;
