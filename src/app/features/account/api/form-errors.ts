import { ApiError } from '#app/lib/api-client.ts';

export interface SplitErrors<F extends string> {
  /** The server's messages per form field, joined into one text. */
  fields: Partial<Record<F, string>>;
  /** Messages of no known field (or the whole error when it is not an API answer): for the message banner. */
  general: string[];
}

/**
 * Sorts an error answer (`"<snake_field>: <text>"`, SPEC.md §8) onto a form's fields. `fields` maps each
 * form field to the API's snake_case name(s); a message for a field the form does not show stays general.
 */
export function splitApiError<F extends string>(
  error: unknown,
  fields: Record<F, string | readonly string[]>,
  networkMessage: string,
): SplitErrors<F> {
  if (!(error instanceof ApiError)) {
    // fetch's own failures ("Failed to fetch") are neither translated nor useful to the user.
    return { fields: {}, general: [error instanceof TypeError ? networkMessage : String((error as Error)?.message ?? error)] };
  }
  const result: SplitErrors<F> = { fields: {}, general: [...error.generalErrors] };
  const claimed = new Set<string>();
  for (const [field, apiNames] of Object.entries(fields) as [F, string | readonly string[]][]) {
    const names = typeof apiNames === 'string' ? [apiNames] : apiNames;
    const messages = names.flatMap((name) => {
      claimed.add(name);
      return error.fieldErrors(name);
    });
    if (messages.length > 0) result.fields[field] = messages.join(' ');
  }
  for (const message of error.errors) {
    const field = /^([a-z0-9_.]+): (.*)$/s.exec(message);
    if (field && !claimed.has(field[1]!)) result.general.push(message);
  }
  if (result.general.length === 0 && Object.keys(result.fields).length === 0) result.general.push(error.message);
  return result;
}
