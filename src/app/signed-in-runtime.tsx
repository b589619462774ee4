import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { startCalibrationsSync } from './features/calibrations/store/calibration-senders.ts';
import { startOrdersSync } from './features/orders/store/analysis-senders.ts';
import { registerOrderLiveEvents } from './features/orders/store/live-orders.ts';
import { useLiveNotifications } from './features/notifications/store/live-notifications.ts';
import { registerSignatureLiveEvents } from './features/signatures/store/live-signatures.ts';
import { useNotificationsSync } from './features/notifications/store/use-notifications-sync.ts';
import { startPushLifecycle } from './features/pwa/push-lifecycle.ts';
import { wipeWhenAccountDeleted } from './lib/account-deleted.ts';
import { setAppBadge } from './lib/app-badge.ts';
import { startLocalFirst } from './lib/local-first.ts';
import { installWriteKinds } from './lib/sync/write-kinds.ts';
import { startUploadTerminations } from './lib/uploads/upload-termination.ts';
import { appWriteKinds } from './write-kinds.ts';

import { whenIdle } from './lib/use-idle.ts';
import { loadMessageHost } from './ui/message-host.tsx';
import { useUnreadNotificationCount } from './ui/notification-bell.tsx';

/**
 * The back-office's report upload (staff writes are never queued) takes the tus code from here: importing it
 * from its own module would split it out of this chunk and add a chunk to the preload lists `/` carries.
 */
export { uploadNow, type UploadNowProgress } from './lib/uploads/tus-upload.ts';

/**
 * What only a signed-in user needs: the local-first engine (Dexie, the outbox and its drainer), the
 * start-up pulls, push, and the app-wide notification hooks. Loaded with `import()` by signed-in.ts,
 * so the home page and a visitor's shell never download it; once started it follows the session
 * itself (sign-out stops the drainer, the next sign-in starts it again).
 */
export function startSignedInRuntime(queryClient: QueryClient) {
  // The outbox's kinds are in before the drainer starts (a feature's code-split chunk may never load).
  installWriteKinds(appWriteKinds(queryClient));
  wipeWhenAccountDeleted(queryClient);
  startLocalFirst();
  // Calibrations are pulled at start (and on sign-in), not only when their screens open.
  startCalibrationsSync(queryClient);
  startOrdersSync(queryClient);
  registerOrderLiveEvents(queryClient);
  registerSignatureLiveEvents(queryClient);
  // Cancelled uploads whose end the server has not confirmed yet (calibrations' and analyses').
  startUploadTerminations();
  startPushLifecycle();
  // The sync's messages (sent, failed, conflicts) come at any time: their container is ready beforehand.
  whenIdle(() => void loadMessageHost());
}

/** While signed in: notifications pulled at start and every 60 s, their live stream, and the unread count on the app icon. */
export function SignedInEffects({ userId }: { userId: string }) {
  useNotificationsSync(userId);
  useLiveNotifications(userId);
  const unread = useUnreadNotificationCount();
  useEffect(() => setAppBadge(unread), [unread]);
  return null;
}
