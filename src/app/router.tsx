import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen.ts';
import { followServiceWorkerNavigation } from './lib/service-worker-messages.ts';
import { LoadingIndicator } from './ui/loading-indicator.tsx';

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    // `auth` is set by <App> from the session cookies and kept in step on login and logout.
    context: { queryClient, auth: null },
    defaultPreload: 'intent',
    defaultPendingComponent: LoadingIndicator,
    // Scroll to top on every route change (SPEC.md §2).
    scrollRestoration: false,
  });
  followServiceWorkerNavigation((path) => router.history.push(path));
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
