import type { Language } from '#shared/languages.ts';

const formatters = new Map<Language, Intl.NumberFormat>();

/** A measured value in the reader's language ("1.800", "0,3" in pt-BR), up to 4 decimals. */
export function formatMeasure(value: number, language: Language): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language, { maximumFractionDigits: 4 });
    formatters.set(language, formatter);
  }
  return formatter.format(value);
}
