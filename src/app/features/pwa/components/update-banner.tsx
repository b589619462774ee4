import { Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dismissUpdate, installUpdate, useUpdateState } from '../update-store.ts';
import classes from './pwa-banner.module.css';

/** Offers the new version once it is installed and waiting; the user decides when to reload. */
export function UpdateBanner() {
  const { t, ready } = useTranslation('pwa', { useSuspense: false });
  const { waiting } = useUpdateState();
  if (!waiting || !ready) return null;
  return (
    <Paper className={classes.banner} shadow="lg" withBorder p="md" role="status" aria-live="polite">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconRefresh aria-hidden size={22} className={classes.icon} />
        <div>
          <Text fw={600}>{t('update.title')}</Text>
          <Text size="sm" c="dimmed">
            {t('update.body')}
          </Text>
        </div>
      </Group>
      <Group justify="flex-end" gap="xs" mt="sm">
        <Button variant="subtle" onClick={dismissUpdate}>
          {t('update.later')}
        </Button>
        <Button onClick={installUpdate}>{t('update.reload')}</Button>
      </Group>
    </Paper>
  );
}
