import { Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DeviceSession } from '#shared/schemas/security.ts';
import { formatDateTime } from '#shared/format/date-time.ts';
import { useLanguage } from '#app/lib/use-language.ts';
import { QueryState } from '#app/ui/query-state.tsx';
import { devicesQuery, useEndOtherSessions, useEndSession } from '../api/security-api.ts';
import { SecuritySection, showFailure as failed } from './security-section.tsx';

/** The Security page's signed-in devices (issue 31): each session, ended one by one or all but this one. */
export function DevicesSection({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const devices = useQuery(devicesQuery(userId));
  const endOthers = useEndOtherSessions(userId);
  return (
    <SecuritySection title={t('devices.title')}>
      <QueryState query={devices}>
        {(sessions) => (
          <Stack gap="sm">
            <List aria-label={t('devices.title')} listStyleType="none" spacing="sm">
              {sessions.map((session) => (
                <List.Item key={session.id}>
                  <DeviceRow userId={userId} session={session} />
                </List.Item>
              ))}
            </List>
            {sessions.length > 1 && (
              <Button variant="light" color="red" style={{ alignSelf: 'flex-start' }} loading={endOthers.isPending} onClick={() => endOthers.mutate(undefined, { onError: failed })}>
                {t('devices.endOthers')}
              </Button>
            )}
          </Stack>
        )}
      </QueryState>
    </SecuritySection>
  );
}

function DeviceRow({ userId, session }: { userId: string; session: DeviceSession }) {
  const { t } = useTranslation('account');
  const language = useLanguage();
  const end = useEndSession(userId);
  const name = [session.browser ?? t('devices.unknownBrowser'), session.system].filter(Boolean).join(t('devices.on'));
  return (
    <Group gap="sm" wrap="wrap">
      <Stack gap={0}>
        <Text fw={600}>{name}</Text>
        <Text size="sm" c="dimmed">
          {t('devices.seen', { address: session.address, first: formatDateTime(session.firstSeenAt, language), last: formatDateTime(session.lastSeenAt, language) })}
        </Text>
      </Stack>
      {session.current ? (
        <Badge variant="dot">{t('devices.current')}</Badge>
      ) : (
        <Button variant="subtle" color="red" size="xs" loading={end.isPending} onClick={() => end.mutate(session.id, { onError: failed })} aria-label={t('devices.endNamed', { name })}>
          {t('devices.end')}
        </Button>
      )}
    </Group>
  );
}
