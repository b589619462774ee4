import type { Language } from '#shared/languages.ts';

const dateFormatters = new Map<Language, Intl.DateTimeFormat>();
const percentFormatters = new Map<Language, Intl.NumberFormat>();

/** A calendar date "YYYY-MM-DD" in the reader's language ("22/11/2026" in pt-BR), never shifted by the time zone. */
export function formatDate(date: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  let formatter = dateFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeZone: 'UTC' });
    dateFormatters.set(language, formatter);
  }
  return formatter.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

/** A ratio (0..1) as a whole percentage in the reader's language ("50%", "50 %"). */
export function formatPercent(ratio: number, language: Language): string {
  let formatter = percentFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
    percentFormatters.set(language, formatter);
  }
  return formatter.format(ratio);
}

/** Concluded analyses over the order's total (0 when it has none). */
export const completionOf = (concluded: number, total: number) => (total > 0 ? Math.min(1, concluded / total) : 0);
