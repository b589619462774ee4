import { useTranslation } from 'react-i18next';

/**
 * The tab's (and a screen reader's) name of the screen: "<page> · DoseHub". React puts the `<title>`
 * in the document's head, before the shell's own, and removes it with the screen. Render it once per
 * screen, from the component that holds the screen's heading.
 */
export function DocumentTitle({ page }: { page: string }) {
  // Never suspends: the error screen shows it too, when the texts may have failed to load.
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return ready ? <title>{t('documentTitle', { page })}</title> : null;
}
