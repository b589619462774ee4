import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen.ts';
import { LoadingIndicator } from './ui/loading-indicator.tsx';
import { readAuthState } from './lib/session.ts';

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient, auth: readAuthState() },
    defaultPreload: 'intent',
    defaultPendingComponent: LoadingIndicator,
    // Scroll to top on every route change (SPEC.md §2).
    scrollRestoration: false,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
