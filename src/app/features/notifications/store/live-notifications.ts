import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Notification } from '#shared/schemas/notifications.ts';
import { db, useDatabaseUser } from '#app/lib/db.ts';
import { followEventStream } from '#app/lib/live/event-stream.ts';
import { dispatchLiveEvent } from '#app/lib/live/live-handlers.ts';
import type { ServerEvent } from '#app/lib/live/sse-parser.ts';
import { applyServerRows } from '#app/lib/sync/pull.ts';

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
 * What the user's reads (keyed `[collection, userId, …]`) got before the stream listened may miss an event: a
 * payment confirmed between the start-up pull and the first open, or anything during an outage. Those the open
 * screens use read again (TanStack refetches only active queries); the others read when a screen mounts them.
 */
export function catchUpOnOpen(queryClient: QueryClient, userId: string, openedAt = Date.now()) {
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[1] === userId && query.state.dataUpdatedAt <= openedAt });
}

/**
 * While signed in and the local database is open: follow `/users/{uid}/events/` so a change made elsewhere
 * shows at once; every connection, the first too, catches up on what came before it (`catchUpOnOpen`).
 */
export function useLiveNotifications(userId: string | null) {
  const databaseUser = useDatabaseUser();
  const queryClient = useQueryClient();
  const active = userId !== null && databaseUser === userId;
  useEffect(() => {
    if (!active || !userId) return;
    const controller = new AbortController();
    void followEventStream(
      eventsPath(userId),
      {
        onEvent: (event) => void applyLiveEvent(userId, event).catch(() => undefined),
        onOpen: () => void catchUpOnOpen(queryClient, userId),
      },
      controller.signal,
    );
    return () => controller.abort();
  }, [active, userId, queryClient]);
}
