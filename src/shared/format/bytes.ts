import type { Language } from '../languages.ts';

const formats = new Map<Language, Intl.NumberFormat>();

/** "2 GB", "1,5 MB" (binary units, as the server's limits are set) in the reader's language. */
export function formatBytes(bytes: number, language: Language): string {
  let format = formats.get(language);
  if (!format) formats.set(language, (format = new Intl.NumberFormat(language, { maximumFractionDigits: 2 })));
  const gib = bytes / 1024 ** 3;
  if (gib >= 1) return `${format.format(Number(gib.toFixed(2)))} GB`;
  const mib = bytes / 1024 ** 2;
  return mib >= 1 ? `${format.format(Number(mib.toFixed(1)))} MB` : `${format.format(bytes)} B`;
}
