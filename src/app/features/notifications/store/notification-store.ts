import type { QueryClient } from '@tanstack/react-query';
import { db, localWrite, type NotificationRecord } from '#app/lib/db.ts';
import { i18n } from '#app/lib/i18n.ts';
import { useUserLiveQuery } from '#app/lib/use-user-live-query.ts';
import { enqueue, queueScope } from '#app/lib/sync/outbox.ts';
import { nothing, readAnswer, sendOutboxRequest, type WriteKind } from '#app/lib/sync/write-kinds.ts';
import { notificationKeys, notificationsPath } from '../api/notification-queries.ts';

export const NOTIFICATION_CHECK = 'notification.check';

export interface NotificationCheckPayload {
  userId: string;
  checked: boolean;
}

/**
 * Marks a notification read at once, locally, and queues the server call in the same transaction.
 * An already read one queues nothing, so a double click sends one request. Resolves whether a write
 * was queued.
 */
export function markNotificationRead(userId: string, notificationId: string): Promise<boolean> {
  return localWrite(queueScope(db.notifications), async (tx) => {
    const notification = await db.notifications.get(notificationId);
    if (!notification || notification.checked) return false;
    await db.notifications.update(notificationId, { checked: true });
    await enqueue<NotificationCheckPayload>(tx, { kind: NOTIFICATION_CHECK, entityId: notificationId, payload: { userId, checked: true } });
    return true;
  });
}

/**
 * `notification.check` → `POST /users/{uid}/notifications/{nid}/toogle_check/` with `{"checked": true}`
 * (docs/api.md: sets the value, so a replay is harmless). A 404 means the notification is gone: done.
 * Discarding the write pulls the server's list again.
 */
export function notificationKinds(queryClient: QueryClient): Record<typeof NOTIFICATION_CHECK, WriteKind<NotificationCheckPayload, null>> {
  return {
    [NOTIFICATION_CHECK]: {
      method: 'POST',
      send: async (row, _files, context) => {
        const path = `${notificationsPath(row.payload.userId)}${encodeURIComponent(row.entityId)}/toogle_check/`;
        return readAnswer(await sendOutboxRequest(row, path, { method: 'POST', body: { checked: row.payload.checked } }, context), nothing);
      },
      goneIsDone: true,
      describe: () => i18n.t('sync:kinds.notificationCheck'),
      onDiscard: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    },
  };
}

const byNewest = (a: NotificationRecord, b: NotificationRecord) => Date.parse(b.createdAt) - Date.parse(a.createdAt);

export interface NotificationGroups {
  unread: NotificationRecord[];
  read: NotificationRecord[];
}

/** The user's notifications from the local database, newest first; undefined until it is open for this user. */
export function useNotifications(userId: string): NotificationGroups | undefined {
  return useUserLiveQuery(
    userId,
    async () => {
      const all = (await db.notifications.toArray()).toSorted(byNewest);
      return { unread: all.filter((n) => !n.checked), read: all.filter((n) => n.checked) };
    },
    [],
  );
}
