import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, matchLanguage, type Language } from '#shared/languages.ts';

/** The interface language, re-rendering when the user changes it. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return matchLanguage(i18n.resolvedLanguage) ?? DEFAULT_LANGUAGE;
}
