import { Group, Text } from '@mantine/core';
import { IconCloudCheck, IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConnectivity } from '#app/lib/sync/connectivity.ts';
import classes from './sync-status.module.css';

/**
 * Online or offline, as text (a polite live region) with its icon: the header's status for visitors,
 * who have no writes to send; signed in, the full sync indicator (sync-status.tsx) replaces it, and
 * this stands in, hidden from assistive technology, while that one loads.
 */
export function ConnectionStatus({ placeholder = false }: { placeholder?: boolean }) {
  const { t } = useTranslation('sync');
  const { online } = useConnectivity();
  const Icon = online ? IconCloudCheck : IconCloudOff;
  return (
    <Group gap={6} px={8} h={26} wrap="nowrap" c={online ? 'gray.7' : 'red.8'} data-online={online} aria-hidden={placeholder || undefined}>
      <Icon size={18} aria-hidden="true" />
      <Text span size="sm" fw={600} role="status" className={classes.label}>
        {online ? t('status.online') : t('status.offline')}
      </Text>
    </Group>
  );
}
