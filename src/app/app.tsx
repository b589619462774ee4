import { useEffect } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { useLiveNotifications } from './features/notifications/store/live-notifications.ts';
import { useNotificationsSync } from './features/notifications/store/use-notifications-sync.ts';
import { sessionEndedListeners } from './lib/api-client.ts';
import { setAppBadge } from './lib/app-badge.ts';
import { isSignedIn, useAuth } from './lib/session.ts';
import type { createAppRouter } from './router.tsx';
import { useUnreadNotificationCount } from './ui/notification-bell.tsx';

interface AppProps {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
}

/** The router, with the session in its context: guards re-run whenever the user signs in or out. */
export function App({ router, queryClient }: AppProps) {
  const auth = useAuth();
  const userId = isSignedIn(auth) ? auth.id : null;
  useNotificationsSync(userId);
  useLiveNotifications(userId);
  const unread = useUnreadNotificationCount();
  useEffect(() => setAppBadge(unread), [unread]);
  useEffect(() => {
    void router.invalidate();
  }, [auth, router]);
  useEffect(() => {
    const onSessionEnded = () => queryClient.clear();
    sessionEndedListeners.add(onSessionEnded);
    return () => {
      sessionEndedListeners.delete(onSessionEnded);
    };
  }, [queryClient]);
  return <RouterProvider router={router} context={{ auth }} />;
}
