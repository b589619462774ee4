import { useEffect } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { sessionEndedListeners } from './lib/api-client.ts';
import { useAuth } from './lib/session.ts';
import type { createAppRouter } from './router.tsx';

interface AppProps {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
}

/** The router, with the session in its context: guards re-run whenever the user signs in or out. */
export function App({ router, queryClient }: AppProps) {
  const auth = useAuth();
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
