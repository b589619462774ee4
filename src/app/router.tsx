import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { AuthState } from './lib/session.ts';
import { routeTree } from './routeTree.gen.ts';
import { followServiceWorkerNavigation } from './lib/service-worker-messages.ts';
import { LoadingIndicator } from './ui/loading-indicator.tsx';

/** `auth`: the session the first route loads with (main.tsx); <App> keeps it in step on login and logout. */
export function createAppRouter(queryClient: QueryClient, auth: AuthState | null = null) {
  const router = createRouter({
    routeTree,
    context: { queryClient, auth },
    defaultPreload: 'intent',
    defaultPendingComponent: LoadingIndicator,
    // Scroll to top on every route change (docs/product.md §2).
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
