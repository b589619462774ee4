import { z } from 'zod';
import type { ServiceId } from '../catalog.ts';
import { PAYMENT_METHODS } from './bills.ts';

/**
 * The quote (budget) request (docs/v1-contract.md §1.17): v1's `service` choices and the fields each service
 * asks for. Messages are translation keys, worded as v1's serializer (DRF) words them.
 */

/** v1's `service` values, by catalog id (docs/domain.md "Services"). */
export const QUOTE_SERVICE_NAMES = {
  'dosi-clin': 'Dosimetria Clínica',
  'dosi-preclin': 'Dosimetria Pré-Clínica',
  'seg-quant': 'Segmentação e Quantificação',
  radiosino: 'Radiosinoviortese',
  'model-comp': 'Modelagem Computacional',
} as const satisfies Record<ServiceId, string>;

type ServiceName = (typeof QUOTE_SERVICE_NAMES)[ServiceId];
const NAMES = Object.values(QUOTE_SERVICE_NAMES) as [ServiceName, ...ServiceName[]];

export const serviceIdOf = (name: ServiceName) => (Object.keys(QUOTE_SERVICE_NAMES) as ServiceId[]).find((id) => QUOTE_SERVICE_NAMES[id] === name)!;

/** v1 checks the service first, on its own. */
export const QuoteService = z.object({
  service: z.enum(NAMES, { error: (issue) => (issue.input === undefined || issue.input === '' ? 'validation.required' : 'validation.notValidChoice') }),
});

const blankIsAbsent = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value);

const string = (max: number, tooLong: string) => z.string({ error: () => 'validation.required' }).trim().max(max, tooLong);
const shortText = z.preprocess(blankIsAbsent, string(60, 'validation.shortTextTooLong'));
const optionalShortText = z.preprocess(blankIsAbsent, string(60, 'validation.shortTextTooLong').optional());
const longText = z.preprocess(blankIsAbsent, string(100_000, 'validation.longTextTooLong'));

/** An integer typed in a form or sent as a JSON number; blank is absent. */
function parseInteger(value: unknown): unknown {
  const present = blankIsAbsent(value);
  if (typeof present !== 'string') return present;
  return /^[+-]?\d+$/.test(present.trim()) ? Number(present) : Number.NaN;
}

const count = z.preprocess(
  parseInteger,
  z
    .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidInteger') })
    .int('validation.invalidInteger')
    .min(0, 'validation.notNegativeInteger'),
);

const clinical = z.object({ treatmentType: shortText, numberOfPatients: count, frequency: optionalShortText, comments: longText });
const preclinical = z.object({ researchLine: shortText, numberOfPatients: count, frequency: optionalShortText, comments: longText });
const modelling = z.object({ researchLine: shortText, projectDescription: longText });

/** Each service's fields (Dosimetria Pré-Clínica's `numberOfPatients` is its number of models). */
export const QUOTE_FIELDS = {
  'dosi-clin': clinical,
  'dosi-preclin': preclinical,
  'seg-quant': clinical,
  radiosino: clinical,
  'model-comp': modelling,
} as const satisfies Record<ServiceId, z.ZodType>;

/** Every field a quote may carry: what a service's schema gives. */
export type QuoteFields = Partial<z.infer<typeof clinical> & z.infer<typeof preclinical> & z.infer<typeof modelling>>;
export type QuoteField = keyof QuoteFields;

/** The form's field order per service. */
export const QUOTE_FIELD_NAMES = Object.fromEntries(
  Object.entries(QUOTE_FIELDS).map(([id, schema]) => [id, Object.keys(schema.shape)]),
) as Record<ServiceId, QuoteField[]>;

/** How the client would pay the order made from a request (issue 34); v1 clients send none: a boleto. */
export const QuotePaymentMethod = z.enum(PAYMENT_METHODS, { error: () => 'validation.notValidChoice' });

/** The body a client sends: the client's UUID (a replay makes one request), how they would pay, the service and its fields. */
export const QuoteRequest = z.object({ id: z.uuid('validation.invalidUuid').optional(), paymentMethod: QuotePaymentMethod.optional() });

/** The whole body per service, for the API document (the server checks it in v1's order: parseQuote). */
export const QuoteBody = z.union(
  (Object.keys(QUOTE_FIELDS) as ServiceId[]).map((id) => QuoteRequest.extend({ service: z.literal(QUOTE_SERVICE_NAMES[id]) }).extend(QUOTE_FIELDS[id].shape)),
);
/** What a client builds: v1's `service` name and the fields it asked for (QuoteBody, per service, says which). */
export type QuoteBody = z.input<typeof QuoteRequest> & { service: ServiceName } & QuoteFields;

/**
 * Where a request stands for the client who asked (My quotes, issue 29): waiting for staff, answered (with
 * what staff said), or turned into an order.
 */
export const MY_QUOTE_STATUSES = ['waiting', 'answered', 'ordered'] as const;
export type MyQuoteStatus = (typeof MY_QUOTE_STATUSES)[number];

/** `GET /users/{uid}/quotes/`: one of the user's own requests, with what was asked and staff's answer. */
export const MyQuote = z
  .object({
    id: z.uuid(),
    serviceId: z.enum(Object.keys(QUOTE_SERVICE_NAMES) as [ServiceId, ...ServiceId[]]),
    /** As the user sent them (camelCase keys). */
    fields: z.record(z.string(), z.union([z.string(), z.number()])),
    /** How they would pay the order made from it. */
    paymentMethod: z.enum(PAYMENT_METHODS),
    createdAt: z.string(),
    status: z.enum(MY_QUOTE_STATUSES),
    answeredAt: z.string().nullable(),
    /** Staff's message when they marked it answered; null before, or when they wrote none. */
    answer: z.string().nullable(),
    /** The order made from it, when any. */
    orderId: z.uuid().nullable(),
  })
  .meta({ id: 'MyQuote' });
export type MyQuote = z.infer<typeof MyQuote>;
export const MyQuoteList = z.object({ count: z.number().int().nonnegative(), row: z.array(MyQuote) }).meta({ id: 'MyQuoteList' });
export type MyQuoteList = z.infer<typeof MyQuoteList>;
