import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppLayout } from '#app/features/shell/components/app-layout.tsx';
import { InstallAppButton } from '#app/features/pwa/components/install-app-button.tsx';
import { UpdateBanner } from '#app/features/pwa/components/update-banner.tsx';
import { isSignedIn, type AuthState } from '#app/lib/session.ts';
import { useChunkTimeout } from '#app/lib/use-chunk-timeout.ts';
import { RouteErrorScreen } from '#app/ui/error-screen.tsx';
import { NotFoundPage } from '#app/ui/not-found-page.tsx';

export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthState | null;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ({ error }) => <RouteErrorScreen error={error} />,
});

function RootLayout() {
  const { auth } = Route.useRouteContext();
  useChunkTimeout();
  return (
    <AppLayout signedIn={isSignedIn(auth)} footerActions={<InstallAppButton />}>
      <Outlet />
      <UpdateBanner />
    </AppLayout>
  );
}
