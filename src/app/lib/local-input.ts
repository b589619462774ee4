/**
 * Form values as the user types and sees them, in their time zone and language: `datetime-local` text
 * ↔ ISO 8601 with the offset, and numbers with the language's decimal separator.
 */

const pad = (n: number, width = 2) => String(Math.trunc(Math.abs(n))).padStart(width, '0');

/** A date as ISO 8601 in the runtime's time zone with its offset: 2024-05-10T11:02:51-03:00. */
export function toOffsetIso(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(offset / 60)}:${pad(offset % 60)}`
  );
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A `datetime-local` value as ISO with the user's offset, or null when it is not a real local
 * date-time (the shared schema then says which message applies).
 */
export function localInputToIso(text: string): string | null {
  const m = LOCAL_DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second = 0] = m.slice(1).map((part) => Number(part ?? 0)) as number[];
  const date = new Date(year!, month! - 1, day!, hour!, minute!, second);
  // Date rolls 30 February into March: refuse what the calendar does not have.
  if (date.getFullYear() !== year || date.getMonth() !== month! - 1 || date.getDate() !== day || date.getHours() !== hour) return null;
  return toOffsetIso(date);
}

/** An ISO date-time as a `datetime-local` value in the user's time zone (seconds only when there are some); '' for none. */
export function isoToLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const base = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return date.getSeconds() ? `${base}:${pad(date.getSeconds())}` : base;
}

/** Now as a `datetime-local` value (a picker's `max` for moments that cannot be in the future). */
export const nowAsLocalInput = (now = new Date()) => isoToLocalInput(now.toISOString());

/** A number as the user types it: the language's decimal separator ("12,25" in pt-BR and es), no grouping; '' for none. */
export function decimalText(value: number | undefined, language: string): string {
  if (value === undefined) return '';
  const separator = new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  return String(value).replace('.', separator);
}
