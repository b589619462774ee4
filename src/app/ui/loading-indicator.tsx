import { Center, Image, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './loading-indicator.module.css';

/** The shared loading indicator: the logo, pulsing; announced politely to screen readers. */
export function LoadingIndicator() {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Image src="/logo-mark.svg" alt="" w={64} h={64} className={classes.pulse} />
        {ready && <VisuallyHidden>{t('loading')}</VisuallyHidden>}
      </Stack>
    </Center>
  );
}
