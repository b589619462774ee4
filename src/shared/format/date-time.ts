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

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;
const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A scanner's wall-clock date or date-time ('2024-05-11' or '2024-05-11 09:30:00', no time zone: DICOM's DA/TM) in the
 * reader's language ("11/05/2024, 09:30:00" in pt-BR), read as written (never shifted to a zone). Unchanged if not one.
 */
export function formatWallClock(text: string, language: Language): string {
  const match = WALL_CLOCK.exec(text);
  if (!match) return text;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
  const withTime = hour !== undefined;
  const key = `${language}|${withTime}`;
  let formatter = wallClockFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, { dateStyle: 'short', ...(withTime ? { timeStyle: 'medium' } : {}), timeZone: 'UTC' });
    wallClockFormatters.set(key, formatter);
  }
  return formatter.format(new Date(Date.UTC(year!, month! - 1, day!, hour ?? 0, minute ?? 0, second ?? 0)));
}
