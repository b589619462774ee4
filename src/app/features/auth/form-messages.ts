import { ApiError } from '#app/lib/api-client.ts';

/** A message beside a field or in a form's alert: a translation key ("ns:key") of a client rule, or a text the server already translated. */
export type FormMessage = { key: string } | { text: string };

export type FieldMessages<F extends string> = Partial<Record<F, FormMessage[]>>;

export interface SplitErrors<F extends string> {
  fields: FieldMessages<F>;
  general: FormMessage[];
}

const FIELD_PREFIX = /^([a-z0-9_.]+): ([\s\S]*)$/;

/**
 * An error of a form's call, split for display: the server's "<snake_field>: <text>" messages of the
 * fields in `fieldMap` go beside their field, everything else (general messages, fields the form does
 * not show, failures without an answer) goes in the form's alert.
 */
export function splitApiError<F extends string>(error: unknown, fieldMap: Readonly<Record<string, F>>): SplitErrors<F> {
  if (!(error instanceof ApiError)) {
    // fetch rejects with a TypeError when there is no answer at all (offline, DNS, CORS).
    return { fields: {}, general: [{ key: error instanceof TypeError ? 'auth:errors.network' : 'auth:errors.unexpected' }] };
  }
  const fields: FieldMessages<F> = {};
  const general: FormMessage[] = [];
  for (const message of error.errors) {
    const match = FIELD_PREFIX.exec(message);
    const field = match ? fieldMap[match[1]!] : undefined;
    if (match && field) (fields[field] ??= []).push({ text: match[2]! });
    else general.push({ text: match ? match[2]! : message });
  }
  if (general.length === 0 && Object.keys(fields).length === 0) general.push({ key: 'auth:errors.unexpected' });
  return { fields, general };
}
