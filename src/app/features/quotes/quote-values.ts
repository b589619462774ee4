import type { ServiceId } from '#shared/catalog.ts';
import { QUOTE_FIELD_NAMES, QUOTE_FIELDS, type QuoteField, type QuoteFields } from '#shared/schemas/quotes.ts';

/** The quote form's text values per service, and the client checks through the shared schema (docs/v1-contract.md §1.17). */

export type QuoteFormValues = Partial<Record<QuoteField, string>>;

/** The API's fields (camel case, as its errors name them) → the form's fields. */
export const SERVER_FIELDS: Readonly<Record<string, QuoteField>> = {
  treatmentType: 'treatmentType',
  researchLine: 'researchLine',
  numberOfPatients: 'numberOfPatients',
  frequency: 'frequency',
  comments: 'comments',
  projectDescription: 'projectDescription',
};

/** The long texts are text areas. */
export const LONG_FIELDS: ReadonlySet<QuoteField> = new Set(['comments', 'projectDescription']);

export const emptyQuoteForm = (serviceId: ServiceId): QuoteFormValues => Object.fromEntries(QUOTE_FIELD_NAMES[serviceId].map((field) => [field, '']));

/** "validation.required" (the shared schema's form) → "validation:required" (an i18next key). */
const toKey = (message: string) => `validation:${message.replace(/^validation\./, '')}`;

/** The client checks: translation keys per field (the first broken rule of each), nothing for a valid form. */
export function checkQuote(serviceId: ServiceId, values: QuoteFormValues) {
  const problems: Partial<Record<QuoteField, string[]>> = {};
  const parsed = QUOTE_FIELDS[serviceId].safeParse(values);
  for (const issue of parsed.error?.issues ?? []) problems[issue.path[0] as QuoteField] ??= [toKey(issue.message)];
  return problems;
}

/** The values to store and send; call only after `checkQuote` found nothing. */
export const quoteFieldsOf = (serviceId: ServiceId, values: QuoteFormValues): QuoteFields => QUOTE_FIELDS[serviceId].parse(values) as QuoteFields;
