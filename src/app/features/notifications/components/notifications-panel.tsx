import { useId } from 'react';
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NOTIFICATION_KINDS } from '#shared/schemas/notifications.ts';
import { formatDateTime } from '#shared/format/date-time.ts';
import { ApiError } from '#app/lib/api-client.ts';
import type { NotificationRecord } from '#app/lib/db.ts';
import { useLanguage } from '#app/lib/use-language.ts';
import { SyncBadge } from '#app/ui/sync-badge.tsx';
import { notificationsPullQuery } from '../api/notification-queries.ts';
import { markNotificationRead, useNotifications } from '../store/notification-store.ts';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { ListLoader } from '#app/ui/loading-indicator.tsx';

type Kind = (typeof NOTIFICATION_KINDS)[number];

/** docs/product.md §2: unread alerts coloured by kind; read ones grey. Titled by what it is about ("Boleto disponível"), or by its kind for one without a title. */
const KIND_COLORS: Record<Kind, string> = { processing: 'blue', update: 'violet', success: 'teal', error: 'red' };

function NotificationItem({ notification, userId }: { notification: NotificationRecord; userId: string }) {
  const { t } = useTranslation('notifications');
  const language = useLanguage();
  const unread = !notification.checked;
  return (
    <li>
      <Alert
        role="article"
        variant="light"
        color={unread ? KIND_COLORS[notification.kind] : 'gray'}
        title={notification.title ?? t(`kinds.${notification.kind}`)}
        withCloseButton={unread}
        closeButtonLabel={t('markRead')}
        onClose={() => void markNotificationRead(userId, notification.id)}
        data-kind={notification.kind}
        data-checked={notification.checked}
      >
        <Stack gap={6}>
          <Text size="sm">{notification.message}</Text>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed" component="time" dateTime={notification.createdAt}>
              {formatDateTime(notification.createdAt, language)}
            </Text>
            <SyncBadge entityId={notification.id} showError />
          </Group>
        </Stack>
      </Alert>
    </li>
  );
}

function NotificationGroup({ title, items, userId }: { title: string; items: NotificationRecord[]; userId: string }) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId} mb="xs">
        {title}
      </Title>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} userId={userId} />
        ))}
      </Stack>
    </section>
  );
}

/**
 * /dashboard/notifications: the user's notifications from the local database (so they show offline),
 * pulled from the server on entering and every 60 s while visible. Dismissing one marks it read at
 * once and queues the server call.
 */
export function NotificationsPanel({ userId }: { userId: string }) {
  const { t } = useTranslation('notifications');
  const pull = useQuery(notificationsPullQuery(userId));
  const groups = useNotifications(userId);
  const empty = groups !== undefined && groups.unread.length === 0 && groups.read.length === 0;
  const firstPullRunning = pull.data === undefined && pull.fetchStatus === 'fetching';

  return (
    <ScreenPanel title={t('title')} description={t('description')}>
        {pull.isError && (
          <Text size="sm" c="yellow.9" role="status">
            {t('refreshFailed', { message: pull.error instanceof ApiError ? pull.error.message : t('sync:errors.network') })}
          </Text>
        )}
        {groups === undefined || (empty && firstPullRunning) ? (
          <ListLoader />
        ) : empty ? (
          <EmptyState title={t('empty')} />
        ) : (
          <>
            <NotificationGroup title={t('unread')} items={groups.unread} userId={userId} />
            <NotificationGroup title={t('read')} items={groups.read} userId={userId} />
          </>
        )}
    </ScreenPanel>
  );
}
