import { z } from 'zod';
import { CnpjSchema, CpfSchema } from '../brazil/schemas.ts';
import { PLAN_MODALITIES } from '../catalog.ts';
import { listOf } from './common.ts';
import { PAYMENT_METHODS, SignatureBill } from './bills.ts';
import { Benefit } from './catalog.ts';
import { PAYMENT_STATUS_CODES } from './orders.ts';

/**
 * Subscriptions (docs/v1-contract.md §1.16 with docs/api.md's deviations): the client names a plan (and its own
 * id, so that a checkout queued offline is created once); price, trial and benefits come from the catalog.
 */
export const SignatureBody = z
  .object({
    plan: z.string({ error: () => 'validation.required' }).trim().min(1, 'validation.required').max(160, 'validation.tooLongPlan'),
    id: z.uuid('validation.invalidUuid').optional(),
    /** The payer of the trial's end bill, when the profile has neither: kept on the profile (docs/api.md). */
    cpf: CpfSchema.clone().optional(),
    cnpj: CnpjSchema.clone().optional(),
    /** How the user will pay: a boleto at the trial's end (the default), or PIX, when they choose to pay (docs/api.md). */
    paymentMethod: z.enum(PAYMENT_METHODS, 'payments.unknownMethod').optional(),
  })
  .meta({ id: 'SignatureBody' });
export type SignatureBody = z.infer<typeof SignatureBody>;

const Period = z.object({ initial: z.iso.date(), end: z.iso.date() });

export const Signature = z
  .object({
    id: z.uuid(),
    /** The plan's title, in the reader's language. */
    plan: z.string(),
    planId: z.string(),
    /** USD */
    price: z.number(),
    /** USD */
    discount: z.number(),
    modality: z.enum(PLAN_MODALITIES),
    benefits: z.array(Benefit),
    hiredPeriod: Period.nullable(),
    testPeriod: Period,
    activated: z.boolean(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    /** The boleto to pay (a file URL), or null while none is issued. */
    billFile: z.string().nullable(),
    /** The latest boleto or PIX charge issued for it (its BRL amount, the USD total and the rate used), or null. */
    bill: SignatureBill.nullable(),
    /** v1's Portuguese label; clients translate `statusCode`. */
    statusPayment: z.string(),
    statusCode: z.enum(PAYMENT_STATUS_CODES),
  })
  .meta({ id: 'Signature' });
export type Signature = z.infer<typeof Signature>;

/** Current: the trial or the hired period has not ended (v1's list filter), whether or not activated. Both sides order lists by it. */
export const isCurrent = (subscription: Pick<Signature, 'testPeriod' | 'hiredPeriod'>, day: string) =>
  subscription.testPeriod.end > day || (subscription.hiredPeriod?.end ?? '') > day;

/** The current subscriptions first, each part in the order given (YYYY-MM-DD `day`). */
export const currentFirst = <T extends Pick<Signature, 'testPeriod' | 'hiredPeriod'>>(list: readonly T[], day: string): T[] => [
  ...list.filter((subscription) => isCurrent(subscription, day)),
  ...list.filter((subscription) => !isCurrent(subscription, day)),
];

export const SignatureList = listOf(Signature).meta({ id: 'SignatureList' });
export type SignatureList = z.infer<typeof SignatureList>;

export const SignatureParams = z.object({ uid: z.uuid(), sid: z.uuid('validation.invalidUuid') });

/** `GET /users/{uid}/signatures/checkout-preview/?plan=<id>`: what confirming the plan would start. */
export const CheckoutPreviewQuery = z.strictObject({
  plan: z.string({ error: () => 'validation.required' }).trim().min(1, 'validation.required').max(160, 'validation.tooLongPlan'),
});

/**
 * The checkout's figures before confirming (issue 29): the trial from today and its end, and the boleto that comes
 * then, in BRL at the server's rate (USD_BRL_RATE) today; a bill keeps the rate it is issued with.
 */
export const CheckoutPreview = z
  .object({
    planId: z.string(),
    /** USD: price minus discount. */
    usdAmount: z.number(),
    /** BRL per USD. */
    usdBrlRate: z.number(),
    /** BRL, the USD amount at that rate (half up to the centavo). */
    brlAmount: z.number(),
    trialDays: z.number().int(),
    /** The trial's last day, then the boleto is issued, due `billDueDate`. */
    trialEnd: z.iso.date(),
    billDueDate: z.iso.date(),
  })
  .meta({ id: 'CheckoutPreview' });
export type CheckoutPreview = z.infer<typeof CheckoutPreview>;
