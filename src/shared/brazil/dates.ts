import type { Language } from '../languages.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const BR_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= daysInMonth;
}

const brazilDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day (YYYY-MM-DD) in Brazil at `date`: due dates, trials and hired periods count Brazil's days. */
export const isoDateInBrazil = (date: Date) => brazilDay.format(date);

/** YYYY-MM-DD plus whole days. */
export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** YYYY-MM-DD plus whole months, the day clamped to the month's last (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `2026-11-22` → `22/11/2026`; null when the input is not a real ISO calendar date. */
export function isoToBr(iso: string): string | null {
  const match = ISO_DATE.exec(iso.trim());
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return isRealDate(year, month, day) ? `${pad(day)}/${pad(month)}/${pad(year, 4)}` : null;
}

/** `22/11/2026` (or `2/3/2026`) → `2026-11-22`; null for impossible dates such as 31/02/2026. */
export function brToIso(br: string): string | null {
  const match = BR_DATE.exec(br.trim());
  if (!match) return null;
  const [day, month, year] = match.slice(1).map(Number) as [number, number, number];
  return isRealDate(year, month, day) ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: Language, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${language}|${timeZone ?? ''}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone });
    formatters.set(key, cached);
  }
  return cached;
}

/**
 * Displays an ISO date as dd/mm/yyyy (pt-BR, es) or mm/dd/yyyy (en-US).
 * Date-only strings are formatted in UTC, because `new Date('2026-11-22')` is UTC midnight and
 * would show the 21st west of Greenwich; timestamps use the runtime's time zone.
 * Returns the input unchanged when it is not a date.
 */
export function formatDate(iso: string, language: Language): string {
  const text = iso.trim();
  const dateOnly = ISO_DATE.test(text);
  if (dateOnly && isoToBr(text) === null) return iso;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return iso;
  return formatter(language, dateOnly ? 'UTC' : undefined).format(date);
}
