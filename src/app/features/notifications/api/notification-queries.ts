import { queryOptions } from '@tanstack/react-query';
import { NotificationList, type Notification } from '#shared/schemas/notifications.ts';
import { apiRequest } from '#app/lib/api-client.ts';
import { pullQuery } from '#app/lib/sync/pull.ts';

/** Every key carries the user id, so another sign-in never reads the previous user's state. */
export const notificationKeys = {
  all: ['notifications'] as const,
  user: (userId: string) => [...notificationKeys.all, userId] as const,
  pull: (userId: string) => [...notificationKeys.user(userId), 'pull'] as const,
};

/** docs/product.md §2: the list refreshes every 60 s while the app is visible. */
export const NOTIFICATIONS_REFRESH_MS = 60_000;
const PAGE_SIZE = 500;

export const notificationsPath = (userId: string) => `/users/${encodeURIComponent(userId)}/notifications/`;

/** Every notification of the user (read and unread), newest first, page by page. */
export async function fetchAllNotifications(userId: string, signal?: AbortSignal): Promise<Notification[]> {
  const all: Notification[] = [];
  for (let offset = 0; ; offset += PAGE_SIZE) {
    const page = await apiRequest(`${notificationsPath(userId)}?limit=${PAGE_SIZE}&offset=${offset}`, NotificationList, { signal });
    all.push(...page.row);
    if (page.row.length < PAGE_SIZE || all.length >= page.count) return all;
  }
}

/**
 * The pull (docs/architecture.md §4): the server's notifications merged into the local database, which the
 * screens and the bell read. Its data is only the pull's summary; components read Dexie.
 */
export const notificationsPullQuery = (userId: string) =>
  queryOptions({
    ...pullQuery(notificationKeys.pull(userId), userId, 'notifications', (signal) => fetchAllNotifications(userId, signal)),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
