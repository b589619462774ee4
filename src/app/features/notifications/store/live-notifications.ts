import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Notification } from '#shared/schemas/notifications.ts';
import { db, useDatabaseUser } from '#app/lib/db.ts';
import { followEventStream } from '#app/lib/live/event-stream.ts';
import { dispatchLiveEvent } from '#app/lib/live/live-handlers.ts';
import type { ServerEvent } from '#app/lib/live/sse-parser.ts';
import { applyServerRows } from '#app/lib/sync/pull.ts';
import { notificationKeys } from '../api/notification-queries.ts';

const NotificationEvent = z.object({ notification: Notification });
const CheckedEvent = z.object({ id: z.string(), checked: z.boolean() });

export const eventsPath = (userId: string) => `/users/${encodeURIComponent(userId)}/events/`;

function parse<T extends z.ZodType>(schema: T, data: string): z.infer<T> | null {
  try {
    const parsed = schema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Applies one event of the user's stream to the local database (the bell and the list follow it); other features' events go to their handlers. */
export async function applyLiveEvent(userId: string, event: ServerEvent) {
  if (event.event === 'notification') {
    const payload = parse(NotificationEvent, event.data);
    if (payload) await applyServerRows('notifications', userId, [payload.notification]);
  } else if (event.event === 'notification-checked') {
    const payload = parse(CheckedEvent, event.data);
    const current = payload && (await db.notifications.get(payload.id));
    if (payload && current) await applyServerRows('notifications', userId, [{ ...current, checked: payload.checked }]);
  } else {
    await dispatchLiveEvent(userId, event);
  }
}

/**
 * While signed in and the local database is open: follow `/users/{uid}/events/` so a notification
 * created elsewhere shows at once; every (re)connection also pulls the list, to catch what was missed.
 */
export function useLiveNotifications(userId: string | null) {
  const databaseUser = useDatabaseUser();
  const queryClient = useQueryClient();
  const active = userId !== null && databaseUser === userId;
  useEffect(() => {
    if (!active || !userId) return;
    const controller = new AbortController();
    let opened = false;
    void followEventStream(
      eventsPath(userId),
      {
        onEvent: (event) => void applyLiveEvent(userId, event).catch(() => undefined),
        // The first open follows the start-up pull; later ones catch up on what the outage hid.
        onOpen: () => {
          if (opened) void queryClient.invalidateQueries({ queryKey: notificationKeys.user(userId) });
          opened = true;
        },
      },
      controller.signal,
    );
    return () => controller.abort();
  }, [active, userId, queryClient]);
}
