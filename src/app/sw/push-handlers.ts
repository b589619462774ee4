/// <reference lib="webworker" />
import { type PushPayload, parsePushPayload } from './push-payload.ts';

type Worker = ServiceWorkerGlobalScope;

/** Sets the installed app's badge to the unread count (cleared at 0) where the Badging API exists. */
export async function setBadge(worker: Worker, unread: number) {
  const nav = worker.navigator as WorkerNavigator & { setAppBadge?: (n: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
  try {
    if (unread > 0) await nav.setAppBadge?.(unread);
    else await nav.clearAppBadge?.();
  } catch {
    // Badges need notification permission on some platforms; the in-app bell still shows the count.
  }
}

async function visibleClient(worker: Worker) {
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return windows.find((client) => client.visibilityState === 'visible');
}

/** Shows the pushed notification (unless the app is on screen, where the live stream already did) and updates the badge. */
export async function handlePush(worker: Worker, data: PushMessageData | null) {
  const payload = parsePushPayload(data);
  if (!payload) return;
  const onScreen = await visibleClient(worker);
  await Promise.all([
    onScreen ? onScreen.postMessage({ type: 'push', payload }) : showNotification(worker, payload),
    setBadge(worker, payload.unread),
  ]);
}

function showNotification(worker: Worker, payload: PushPayload) {
  return worker.registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.id,
    lang: payload.lang,
    icon: '/icons/icon-192.png',
    badge: '/icons/maskable-192.png',
    data: { url: payload.url },
  });
}

/** Focuses an open DoseHub window on the notification's screen, or opens one. */
export async function handleNotificationClick(worker: Worker, event: NotificationEvent) {
  event.notification.close();
  const target = new URL((event.notification.data as { url?: string } | null)?.url ?? '/dashboard/notifications', worker.location.origin);
  if (target.origin !== worker.location.origin) return;
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const existing = windows.find((client) => client.focused) ?? windows.find((client) => client.visibilityState === 'visible') ?? windows[0];
  if (existing) {
    await existing.focus();
    // navigate() needs a tab this worker controls; any other open tab moves itself (lib/service-worker-messages.ts).
    await existing.navigate(target.href).catch(() => existing.postMessage({ type: 'navigate', url: target.pathname + target.search + target.hash }));
    return;
  }
  await worker.clients.openWindow(target.href);
}
