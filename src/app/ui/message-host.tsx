import { useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { useNotifications, type NotificationsProps } from '@mantine/notifications';
import { whenIdle } from '#app/lib/use-idle.ts';

/**
 * Where the message banners (message-banner.ts) appear. Mantine's notifications container, with its
 * transitions and portal, is not needed to paint a page: it loads once the page is idle, or at once
 * when a message comes first (the message waits in Mantine's store and shows when it mounts).
 */

let Container: ComponentType<NotificationsProps> | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Loads the container once (the app: idle or first message; tests: before rendering). */
export function loadMessageHost(): Promise<void> {
  loading ??= import('./notifications-container.ts').then(
    (module) => {
      Container = module.Notifications;
      listeners.forEach((listener) => listener());
    },
    () => {
      // Not loaded (a deploy replaced the chunk; chunk-recovery.ts reloads): try again on the next message.
      loading = null;
    },
  );
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function MessageHost() {
  const Loaded = useSyncExternalStore(subscribe, () => Container, () => Container);
  const { notifications, queue } = useNotifications();
  const waiting = notifications.length + queue.length > 0;
  useEffect(() => {
    if (Loaded) return;
    if (waiting) void loadMessageHost();
    else return whenIdle(() => void loadMessageHost());
  }, [Loaded, waiting]);
  return Loaded ? <Loaded position="top-center" limit={3} /> : null;
}
