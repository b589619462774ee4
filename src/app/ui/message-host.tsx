import { useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { useNotifications, type NotificationsProps } from '@mantine/notifications';

/**
 * Where the message banners (message-banner.ts) appear. Mantine's notifications container, with its
 * transitions and portal, is not needed to paint a page: it loads when the first message comes (the
 * message waits in Mantine's store and shows when it mounts), or earlier, at idle, once a user is
 * signed in (signed-in-runtime.tsx), whose sync may show messages at any time. A visitor's first
 * visit does not download it (the first-visit budget, tests/bench/bundle-size.ts).
 */

let Container: ComponentType<NotificationsProps> | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Loads the container once (the app: first message, or idle when signed in; tests: before rendering). */
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
    if (Loaded || !waiting) return;
    void loadMessageHost();
    // Offline before the worker cached the chunk: the waiting messages show once the network is back.
    const retry = () => void loadMessageHost();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [Loaded, waiting]);
  return Loaded ? <Loaded position="top-center" limit={3} /> : null;
}
