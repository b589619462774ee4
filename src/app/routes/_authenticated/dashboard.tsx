import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { emailQuery } from '#app/features/account/api/account-queries.ts';
import { DashboardLayout } from '#app/features/account/components/dashboard-layout.tsx';
import { PushOptIn } from '#app/features/pwa/components/push-opt-in.tsx';

/** /dashboard/*: the sections' navigation and the e-mail notice around each panel. */
export const Route = createFileRoute('/_authenticated/dashboard')({
  // `_authenticated` has already sent visitors to /login; this narrows the session to the user id the panels need.
  beforeLoad: ({ context, location }) => {
    if (!context.auth) throw redirect({ to: '/login', search: { redirect: location.href } });
    return { userId: context.auth.id };
  },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(emailQuery(context.userId));
  },
  component: DashboardRoute,
});

function DashboardRoute() {
  const { userId } = Route.useRouteContext();
  return (
    <DashboardLayout userId={userId}>
      <PushOptIn userId={userId} />
      <Outlet />
    </DashboardLayout>
  );
}
