import { Suspense, lazy } from 'react';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppLayout } from '#app/features/shell/components/app-layout.tsx';
import { useInstallOption } from '#app/features/pwa/install-prompt.ts';
import { UpdateBanner } from '#app/features/pwa/components/update-banner.tsx';
import { isSignedIn, type AuthState } from '#app/lib/session.ts';
import { useChunkTimeout } from '#app/lib/use-chunk-timeout.ts';
import { useIdle } from '#app/lib/use-idle.ts';
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

const InstallAppButton = lazy(async () => ({ default: (await import('#app/features/pwa/components/install-app-button.tsx')).InstallAppButton }));

/** "Install the app" (and its dialog) loads only where the browser offers an install, once the page is idle. */
function InstallAction() {
  const offered = useInstallOption() !== 'none';
  const idle = useIdle();
  if (!offered || !idle) return null;
  return (
    <Suspense fallback={null}>
      <InstallAppButton />
    </Suspense>
  );
}

function RootLayout() {
  const { auth } = Route.useRouteContext();
  useChunkTimeout();
  return (
    <AppLayout signedIn={isSignedIn(auth)} footerActions={<InstallAction />}>
      <Outlet />
      <UpdateBanner />
    </AppLayout>
  );
}
