import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Said instead of a spinner when a screen's data is neither on this device nor reachable. */
export function OfflineNotice() {
  const { t } = useTranslation('pwa', { useSuspense: false });
  return (
    <Alert color="gray" icon={<IconWifiOff aria-hidden />} title={t('offline.title')} role="status">
      {t('offline.body')}
    </Alert>
  );
}
