export const SUPPORTED_LANGUAGES = ['pt-BR', 'en-US', 'es'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt-BR';
export const LANGUAGE_STORAGE_KEY = 'product-language';

const BY_PRIMARY_TAG: Record<string, Language> = { pt: 'pt-BR', en: 'en-US', es: 'es' };

/** Maps any tag ("en", "es-AR", "PT-br") to the supported language it stands for, or null. */
export function matchLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const exact = SUPPORTED_LANGUAGES.find((lng) => lng.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const primary = tag.split('-')[0]?.toLowerCase() ?? '';
  return BY_PRIMARY_TAG[primary] ?? null;
}

/** Picks the best supported language from an Accept-Language header (RFC 9110 q-values). */
export function negotiateLanguage(acceptLanguage: string | null | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .toSorted((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) {
    const match = matchLanguage(entry.tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}
