import { ApiError } from './api-client.ts';

/** A message beside a field, in an alert or in a banner: a translation key ("ns:key") of a client rule, or a text the server already translated. */
export type FormMessage = { key: string } | { text: string };

export type FieldMessages<F extends string> = Partial<Record<F, FormMessage[]>>;

export interface SplitErrors<F extends string> {
  fields: FieldMessages<F>;
  /** Messages of no field the form shows: for its alert or the message banner. */
  general: FormMessage[];
}

const NETWORK_FAILURE: FormMessage = { key: 'common:apiErrors.network' };
const UNEXPECTED_FAILURE: FormMessage = { key: 'common:apiErrors.unexpected' };

/**
 * An error of a call, sorted for display. The server's messages about the API fields in `serverFields`
 * (the field as the shared schemas name it, camel case → form field; several may feed one field) go beside
 * their field; everything else (general messages, fields the form does not show, failures without an
 * answer) is general, in the server's order.
 */
export function splitApiError<F extends string>(error: unknown, serverFields: Readonly<Record<string, F>>): SplitErrors<F> {
  if (!(error instanceof ApiError)) {
    // fetch rejects with a TypeError when there is no answer at all (offline, DNS, CORS); its own text is of no use to the user.
    return { fields: {}, general: [error instanceof TypeError ? NETWORK_FAILURE : UNEXPECTED_FAILURE] };
  }
  const fields: FieldMessages<F> = {};
  const general: FormMessage[] = [];
  for (const problem of error.problems) {
    const field = problem.field !== undefined && Object.hasOwn(serverFields, problem.field) ? serverFields[problem.field] : undefined;
    if (field) (fields[field] ??= []).push({ text: problem.message });
    else general.push({ text: problem.message });
  }
  if (general.length === 0 && Object.keys(fields).length === 0) general.push(UNEXPECTED_FAILURE);
  return { fields, general };
}

/** Client-rule translation keys per field (an empty list means "fine") as messages; fields without any are left out. */
export function ruleMessages<F extends string>(rules: Partial<Record<F, readonly string[]>>): FieldMessages<F> {
  const out: FieldMessages<F> = {};
  for (const [field, keys] of Object.entries(rules) as [F, readonly string[]][]) {
    if (keys.length > 0) out[field] = keys.map((key) => ({ key }));
  }
  return out;
}

/** A message in the interface language. */
export const messageText = (message: FormMessage, t: (key: string) => string) => ('key' in message ? t(message.key) : message.text);
