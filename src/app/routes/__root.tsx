import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppLayout } from '#app/features/shell/components/app-layout.tsx';
import { isSignedIn, type AuthState } from '#app/lib/session.ts';
import { ErrorScreen } from '#app/ui/error-screen.tsx';
import { NotFoundPage } from '#app/ui/not-found-page.tsx';

export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthState | null;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ({ error }) => <ErrorScreen error={error} />,
});

function RootLayout() {
  const { auth } = Route.useRouteContext();
  return (
    <AppLayout signedIn={isSignedIn(auth)}>
      <Outlet />
    </AppLayout>
  );
}
