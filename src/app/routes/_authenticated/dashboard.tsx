import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { emailQuery, profileQuery } from '#app/features/account/api/account-queries.ts';
import { DashboardLayout } from '#app/features/account/components/dashboard-layout.tsx';
import { ConsentGate } from '#app/features/privacy/components/consent-gate.tsx';
import { loadPrivacyTexts } from '#app/features/privacy/load-texts.ts';
import { TERMS_OF_USE_URL } from '#app/features/shell/nav-links.ts';
import { useLanguage } from '#app/lib/use-language.ts';

/** /dashboard/*: the sections' navigation and the e-mail notice around each panel. */
export const Route = createFileRoute('/_authenticated/dashboard')({
  // `_authenticated` has already sent visitors to /login; this narrows the session to the user id the panels need.
  beforeLoad: ({ context, location }) => {
    if (!context.auth) throw redirect({ to: '/login', search: { redirect: location.href } });
    return { userId: context.auth.id };
  },
  loader: async ({ context }) => {
    void context.queryClient.prefetchQuery(emailQuery(context.userId));
    // Persisted: the quote and checkout forms show the contact details offline too.
    void context.queryClient.prefetchQuery(profileQuery(context.userId));
    // The consent gate's texts (issue 30): it may be the first thing the dashboard shows.
    await loadPrivacyTexts();
  },
  component: DashboardRoute,
});

function DashboardRoute() {
  const { userId } = Route.useRouteContext();
  const termsUrl = TERMS_OF_USE_URL[useLanguage()] || undefined;
  return (
    <DashboardLayout userId={userId}>
      <ConsentGate userId={userId} termsUrl={termsUrl}>
        <Outlet />
      </ConsentGate>
    </DashboardLayout>
  );
}
