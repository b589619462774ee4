import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { db, useDatabaseUser } from '#app/lib/db.ts';
import { useAuth } from '#app/lib/session.ts';

/** docs/product.md §4/§9: the badge is hidden at 0, shows the number up to 99, and "99+" above. */
export function unreadBadgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/** The signed-in user's unread notifications, from the local database (0 until it is open for them). */
export function useUnreadNotificationCount(): number {
  const auth = useAuth();
  const databaseUser = useDatabaseUser();
  const ready = auth !== null && databaseUser === auth.id;
  return useLiveQuery(() => (ready ? db.notifications.filter((n) => !n.checked).count() : 0), [ready], 0);
}

/** The navigation's bell: links to the notifications, with the unread count as a badge and in its name. */
export function NotificationBell({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('notifications');
  const count = useUnreadNotificationCount();
  const badge = unreadBadgeText(count);
  return (
    <Indicator label={<span aria-hidden="true">{badge}</span>} disabled={!badge} color="red" size={18} offset={6} inline>
      <ActionIcon
        component={Link}
        to="/dashboard/notifications"
        variant="subtle"
        size="lg"
        aria-label={count > 0 ? t('bell.unread', { count }) : t('bell.label')}
        onClick={onNavigate}
      >
        <IconBell size={24} aria-hidden="true" />
      </ActionIcon>
    </Indicator>
  );
}
