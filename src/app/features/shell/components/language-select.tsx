import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, matchLanguage, type Language } from '#shared/languages.ts';
import { changeLanguage, currentLanguage } from '#app/lib/i18n.ts';

/** pt-BR, en-US, es; the choice is kept in localStorage under `product-language`. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation('common');
  const value = matchLanguage(i18n.resolvedLanguage) ?? currentLanguage();
  return (
    <NativeSelect
      aria-label={t('language.label')}
      value={value}
      onChange={(event) => void changeLanguage(event.currentTarget.value as Language)}
      data={SUPPORTED_LANGUAGES.map((lng) => ({ value: lng, label: t(`language.names.${lng}`) }))}
      size="xs"
      w={{ base: 112, sm: 130 }}
      data-testid="language-select"
    />
  );
}
