import { z } from 'zod';
import { CnpjSchema, CpfSchema } from '../brazil/schemas.ts';
import { PLAN_MODALITIES } from '../catalog.ts';
import { listOf } from './common.ts';
import { SignatureBill } from './bills.ts';
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
    /** The boleto to pay (a file URL), or null while none is issued. */
    billFile: z.string().nullable(),
    /** The latest boleto issued for it (its BRL amount, the USD total and the rate used), or null. */
    bill: SignatureBill.nullable(),
    /** v1's Portuguese label; clients translate `statusCode`. */
    statusPayment: z.string(),
    statusCode: z.enum(PAYMENT_STATUS_CODES),
  })
  .meta({ id: 'Signature' });
export type Signature = z.infer<typeof Signature>;

export const SignatureList = listOf(Signature).meta({ id: 'SignatureList' });
export type SignatureList = z.infer<typeof SignatureList>;

export const SignatureParams = z.object({ uid: z.uuid(), sid: z.uuid('validation.invalidUuid') });
