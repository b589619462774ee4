import { Suspense, useEffect, useRef } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { sessionEndedListeners } from './lib/api-client.ts';
import { setAppBadge } from './lib/app-badge.ts';
import { isSignedIn, useAuth } from './lib/session.ts';
import type { createAppRouter } from './router.tsx';
import { SignedInEffects } from './signed-in.ts';

interface AppProps {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
}

/** The router, with the session in its context: guards re-run whenever the user signs in or out. */
export function App({ router, queryClient }: AppProps) {
  const auth = useAuth();
  const userId = isSignedIn(auth) ? auth.id : null;
  useEffect(() => {
    // Signed out: no unread count on the app icon (signed in, SignedInEffects keeps it).
    if (userId === null) setAppBadge(0);
  }, [userId]);
  // The session the guards last ran with: main.tsx loads the first route with the cookies' session.
  const guardedAuth = useRef(router.options.context.auth);
  useEffect(() => {
    if (guardedAuth.current === auth) return;
    guardedAuth.current = auth;
    void router.invalidate();
  }, [auth, router]);
  useEffect(() => {
    const onSessionEnded = () => queryClient.clear();
    sessionEndedListeners.add(onSessionEnded);
    return () => {
      sessionEndedListeners.delete(onSessionEnded);
    };
  }, [queryClient]);
  return (
    <>
      {userId !== null && (
        <Suspense fallback={null}>
          <SignedInEffects userId={userId} />
        </Suspense>
      )}
      <RouterProvider router={router} context={{ auth }} />
    </>
  );
}
