import { Alert, Anchor, Group, Stack, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useConnectivity } from '#app/lib/sync/connectivity.ts';
import { STAFF_SECTIONS } from '../sections.ts';
import classes from './staff-layout.module.css';

/** The back-office frame: its sections' navigation, and the screen, which needs the network (staff data is never kept on the device). */
export function StaffLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('staff');
  const { online } = useConnectivity();
  return (
    <Stack gap="md" py="md" px={{ base: 'xs', sm: 'md' }} maw={1400} mx="auto" w="100%">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Group component="nav" aria-label={t('nav.label')} gap="xs" wrap="wrap">
        {STAFF_SECTIONS.map((section) => (
          <Anchor
            key={section}
            px="sm"
            py={6}
            fw={600}
            className={classes.sectionLink}
            renderRoot={(props) => <Link to="/staff/$" params={{ _splat: section }} {...props} />}
          >
            {t(`nav.${section}`)}
          </Anchor>
        ))}
      </Group>
      {online ? (
        children
      ) : (
        <Alert color="gray" icon={<IconWifiOff aria-hidden />} title={t('offline.title')} role="status">
          {t('offline.body')}
        </Alert>
      )}
    </Stack>
  );
}
