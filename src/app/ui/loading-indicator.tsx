import { Center, Group, Image, Loader, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './loading-indicator.module.css';

/** The shared loading indicator: the logo, pulsing; announced politely to screen readers. */
export function LoadingIndicator() {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Image src="/logo-mark.svg" alt="" width={64} height={64} w={64} h={64} className={classes.pulse} />
        {ready && <VisuallyHidden>{t('loading')}</VisuallyHidden>}
      </Stack>
    </Center>
  );
}

/** A list or form waiting for its data: a small spinner in place, named for screen readers (a status, not a bare span). */
export function ListLoader() {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <Group justify="center" py="md">
      <Loader size="sm" role="status" aria-label={t('loading')} />
    </Group>
  );
}
