import type { Language } from '#shared/languages.ts';

/** A document's version (the date it was published, YYYY-MM-DD) as the reader writes dates: "28 de novembro de 2026". */
export function formatVersion(version: string, language: Language): string {
  const date = new Date(`${version}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return version;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
