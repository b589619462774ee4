import { createFileRoute } from '@tanstack/react-router';
import { SecondFactorEnrolment } from '#app/features/account/components/second-factor-enrolment.tsx';
import { RedirectSearch } from '#app/features/auth/redirect.ts';
import { useAuth } from '#app/lib/session.ts';

/** The enrolment screen (issue 31): a staff account comes here right after its password, and from any /staff screen. */
export const Route = createFileRoute('/_authenticated/dashboard/second-factor')({
  validateSearch: RedirectSearch,
  component: SecondFactorPage,
});

function SecondFactorPage() {
  const { userId } = Route.useRouteContext();
  const { redirect } = Route.useSearch();
  const isStaff = useAuth()?.isStaff ?? false;
  return <SecondFactorEnrolment userId={userId} next={redirect ?? (isStaff ? '/staff' : '/dashboard/security')} />;
}
