import type { Language } from '../languages.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An ISO 8601 date-time in the reader's language, as short date and time ("22/11/2026, 14:05" in
 * pt-BR, "11/22/26, 2:05 PM" in en-US), in the runtime's time zone unless one is given. Returns the
 * input unchanged when it is not a date-time.
 */
export function formatDateTime(iso: string, language: Language, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const key = `${language}|${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short', timeZone });
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}
