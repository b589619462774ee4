import { beforeLogoutTasks } from '#app/lib/logout.ts';
import { authChangeListeners, isSignedIn, readAuthState } from '#app/lib/session.ts';
import { disablePush, syncPushSubscription } from './push-subscription.ts';

const syncFor = (userId: string) => void syncPushSubscription(userId).catch(() => undefined);

/** Keeps this browser's push subscription with the user who opted in, and drops it at logout. */
export function startPushLifecycle() {
  const auth = readAuthState();
  if (isSignedIn(auth)) syncFor(auth.id);
  authChangeListeners.add((next) => {
    if (isSignedIn(next)) syncFor(next.id);
  });
  beforeLogoutTasks.add(async () => {
    const current = readAuthState();
    if (isSignedIn(current)) await disablePush(current.id);
  });
}
