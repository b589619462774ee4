import { z } from 'zod';
import { ConsentRecord } from './privacy.ts';
import { SERVICE_IDS } from '../catalog.ts';
import { listOf } from './common.ts';
import { ANALYSIS_STATUS_CODES, PAYMENT_STATUS_CODES } from './orders.ts';
import { PAYMENT_METHODS } from './bills.ts';
import { Signature } from './signatures.ts';

/**
 * The back-office's wire shapes (issue 17, docs/api.md `/staff/…`): the lists' queries (every filter validated:
 * a bad one is a 400 naming it), the users, the quotes inbox and the subscriptions. Analyses: staff-analyses.ts;
 * audit log: staff-audit.ts; the route table: staff-routes.ts.
 */

/** `limit` (1 to 200, default 50) and `offset` of every staff list; the answer's `count` is the total. */
export const Paging = {
  limit: z.coerce.number('validation.invalidInteger').int('validation.invalidInteger').min(1).max(200).default(50),
  offset: z.coerce.number('validation.invalidInteger').int('validation.invalidInteger').min(0).default(0),
};

/** `sort=<field>` ascending, `sort=-<field>` descending, one of `fields`. */
export type SortOf<F extends string> = F | `-${F}`;
export function sortOf<F extends string>(fields: readonly F[]) {
  const values = fields.flatMap((field) => [field, `-${field}`]) as [SortOf<F>, ...SortOf<F>[]];
  return z.enum(values).optional();
}

/** A day, inclusive (UTC), for the date filters. */
export const Day = z.iso.date('validation.invalidDate');

/** A boolean query parameter: `true` or `false` only (anything else is a 400). */
export const QueryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

/** `from` after `to` is refused on `to`. */
export const dateRangeIsOrdered = (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to;
export const DATE_RANGE_ERROR = { message: 'validation.dateRangeOrder', path: ['to'] };

// Users ------------------------------------------------------------------------------------------

export const STAFF_USER_SORTS = ['name', 'email', 'clinic', 'createdAt'] as const;

/** `q` matches name, e-mail or clinic (any part, any case) or the CPF/CNPJ's digits (with or without punctuation). */
export const StaffUserQuery = z.strictObject({
  q: z.string().trim().max(150, 'validation.searchTooLong').optional(),
  sort: sortOf(STAFF_USER_SORTS),
  ...Paging,
});
export type StaffUserQuery = z.infer<typeof StaffUserQuery>;

export const StaffUser = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    clinic: z.string(),
    role: z.string(),
    /** Masked 000.000.000-00, or "". */
    cpf: z.string(),
    /** Masked 00.000.000/0000-00, or "". */
    cnpj: z.string(),
    isStaff: z.boolean(),
    emailVerified: z.boolean(),
    language: z.string(),
    createdAt: z.string(),
    /** The account was deleted (issue 30): `name` is its pseudonym (`deleted-user-…`), the rest erased. */
    deleted: z.boolean(),
  })
  .meta({ id: 'StaffUser' });
export type StaffUser = z.infer<typeof StaffUser>;
export const StaffUserList = listOf(StaffUser).meta({ id: 'StaffUserList' });
export type StaffUserList = z.infer<typeof StaffUserList>;

/**
 * A user's profile with how many orders, subscriptions and quote requests they have (lists: `?userId=` on each), the
 * versions of the terms and privacy notice they accepted (issue 30), and when the account was deleted (null: it was not).
 */
export const StaffUserDetail = StaffUser.extend({
  counts: z.object({ orders: z.number().int(), signatures: z.number().int(), quotes: z.number().int() }),
  consents: z.array(ConsentRecord),
  deletedAt: z.iso.datetime({ offset: true }).nullable(),
}).meta({ id: 'StaffUserDetail' });
export type StaffUserDetail = z.infer<typeof StaffUserDetail>;

export const StaffUserParams = z.object({ uid: z.uuid('validation.invalidUuid') });

// Orders -----------------------------------------------------------------------------------------

export const STAFF_ORDER_SORTS = ['createdAt', 'code', 'price', 'quantity', 'status'] as const;

/** Every user's orders, newest first unless `sort` says otherwise; optionally of one payment status or one user. */
export const StaffOrderQuery = z.strictObject({
  status: z.enum(PAYMENT_STATUS_CODES).optional(),
  userId: z.uuid('validation.invalidUuid').optional(),
  serviceId: z.enum(SERVICE_IDS).optional(),
  sort: sortOf(STAFF_ORDER_SORTS),
  ...Paging,
});
export type StaffOrderQuery = z.infer<typeof StaffOrderQuery>;

/** A manual payment confirmation says why (kept in the audit log). */
export const PaymentConfirmation = z
  .object({ reason: z.string({ error: () => 'validation.required' }).trim().min(1, 'validation.required').max(500, 'validation.reasonTooLong') })
  .meta({ id: 'PaymentConfirmation' });
export type PaymentConfirmation = z.infer<typeof PaymentConfirmation>;

// Quotes inbox -----------------------------------------------------------------------------------

export const QUOTE_STATUSES = ['new', 'answered'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const StaffQuoteQuery = z.strictObject({
  status: z.enum(QUOTE_STATUSES).optional(),
  userId: z.uuid('validation.invalidUuid').optional(),
  serviceId: z.enum(SERVICE_IDS).optional(),
  sort: sortOf(['createdAt'] as const),
  ...Paging,
});
export type StaffQuoteQuery = z.infer<typeof StaffQuoteQuery>;

/** What "Create order" starts from: the requester, the service, and the number of analyses asked for (1 when none). */
export const OrderPrefill = z.object({ userId: z.uuid(), serviceId: z.enum(SERVICE_IDS), quantity: z.number().int().min(1), quoteId: z.uuid() });
export type OrderPrefill = z.infer<typeof OrderPrefill>;

export const StaffQuote = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    userName: z.string(),
    userEmail: z.string(),
    serviceId: z.enum(SERVICE_IDS),
    serviceName: z.string(),
    /** The service's fields as the user sent them (camelCase keys: treatmentType, numberOfPatients, …). */
    fields: z.record(z.string(), z.union([z.string(), z.number()])),
    /** How the client would pay (the order made from it starts with it). */
    paymentMethod: z.enum(PAYMENT_METHODS),
    createdAt: z.string(),
    status: z.enum(QUOTE_STATUSES),
    answeredAt: z.string().nullable(),
    answeredBy: z.uuid().nullable(),
    /** What staff told the client when marking it answered (mailed to them, shown in their My quotes). */
    answer: z.string().nullable(),
    /** The order made from it ("Create order"), when any. */
    orderId: z.uuid().nullable(),
    prefill: OrderPrefill,
    version: z.number().int(),
  })
  .meta({ id: 'StaffQuote' });
export type StaffQuote = z.infer<typeof StaffQuote>;
export const StaffQuoteList = listOf(StaffQuote).meta({ id: 'StaffQuoteList' });
export type StaffQuoteList = z.infer<typeof StaffQuoteList>;

export const StaffQuoteParams = z.object({ qid: z.uuid('validation.invalidUuid') });

/**
 * `PATCH /staff/quotes/{qid}/` (If-Match: the quote's ETag): answered, with the message the client is told and
 * mailed (`answer`, required then), or back to new.
 */
export const QuotePatch = z
  .object({
    answered: z.boolean({ error: () => 'validation.required' }),
    answer: z.string({ error: () => 'validation.required' }).trim().max(5000, 'validation.answerTooLong').optional(),
  })
  .refine((patch) => !patch.answered || Boolean(patch.answer), { message: 'validation.required', path: ['answer'] })
  .meta({ id: 'QuotePatch' });
export type QuotePatch = z.infer<typeof QuotePatch>;

// Subscriptions ----------------------------------------------------------------------------------

export const StaffSignatureQuery = z.strictObject({
  userId: z.uuid('validation.invalidUuid').optional(),
  activated: QueryBoolean.optional(),
  plan: z.enum(['monthly', 'yearly']).optional(),
  status: z.enum(PAYMENT_STATUS_CODES).optional(),
  sort: sortOf(['createdAt'] as const),
  ...Paging,
});
export type StaffSignatureQuery = z.infer<typeof StaffSignatureQuery>;

export const StaffSignature = Signature.extend({ userId: z.uuid(), userName: z.string(), userEmail: z.string(), userDeleted: z.boolean(), version: z.number().int() }).meta({
  id: 'StaffSignature',
});
export type StaffSignature = z.infer<typeof StaffSignature>;
export const StaffSignatureList = listOf(StaffSignature).meta({ id: 'StaffSignatureList' });
export type StaffSignatureList = z.infer<typeof StaffSignatureList>;

/** Optional on a subscription's confirmation and deactivation; kept in the audit log. */
export const StaffReason = z.object({ reason: z.string().trim().max(500, 'validation.reasonTooLong').optional() }).meta({ id: 'StaffReason' });
export type StaffReason = z.infer<typeof StaffReason>;

// Analyses (the list's query; the rest in staff-analyses.ts) -------------------------------------

export const STAFF_ANALYSIS_SORTS = ['modifiedAt', 'createdAt', 'analysisName', 'status'] as const;

/** The analysis queue: oldest change first unless `sort` says otherwise; `from`/`to` are days of `createdAt`. */
export const StaffAnalysisQuery = z
  .strictObject({
    status: z.enum(ANALYSIS_STATUS_CODES).optional(),
    serviceId: z.enum(SERVICE_IDS).optional(),
    userId: z.uuid('validation.invalidUuid').optional(),
    orderId: z.uuid('validation.invalidUuid').optional(),
    from: Day.optional(),
    to: Day.optional(),
    sort: sortOf(STAFF_ANALYSIS_SORTS),
    ...Paging,
  })
  .refine(dateRangeIsOrdered, DATE_RANGE_ERROR);
export type StaffAnalysisQuery = z.infer<typeof StaffAnalysisQuery>;
