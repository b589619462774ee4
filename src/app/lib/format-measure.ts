import type { Language } from '#shared/languages.ts';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * A measured value in the reader's language ("1.800", "0,3" in pt-BR), up to `maxDigits` decimals: 4 for
 * calibrations and analyses, 2 for the DICOM summary's figures.
 */
export function formatMeasure(value: number, language: Language, maxDigits = 4): string {
  const key = `${language}:${maxDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language, { maximumFractionDigits: maxDigits });
    formatters.set(key, formatter);
  }
  return formatter.format(value);
}

const sizeFormatters = new Map<Language, Intl.NumberFormat>();

/** A file size in megabytes as the language writes it ("0,1 MB" in pt-BR, "12.3 MB" in en-US). */
export function formatSize(bytes: number, language: Language): string {
  let formatter = sizeFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
    sizeFormatters.set(language, formatter);
  }
  return formatter.format(bytes / 1e6);
}
