import type { QueryClient } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { parseStaffSearch } from '#app/features/staff/staff-search.ts';
import { StaffScreen } from '#app/features/staff/lazy-screens.tsx';

/**
 * /staff/{section}[/{id}] (/staff goes to the analysis queue): the back-office, staff only (the server refuses others too); anyone else goes to
 * their dashboard. One splat route, so the whole subtree costs one entry in the route table of `/`.
 */
/**
 * Issue 31: a staff session without a second factor goes to the enrolment screen (the server refuses /staff's API
 * too). Loaded on demand, so the start-up bundle does not carry zod; offline, the screens' own reads say why.
 */
async function requireSecondFactor(queryClient: QueryClient, userId: string, href: string) {
  const { securityQuery } = await import('#app/features/account/api/security-api.ts');
  const security = await queryClient.ensureQueryData(securityQuery(userId)).catch(() => null);
  if (security?.secondFactorRequired) throw redirect({ to: '/dashboard/second-factor', search: { redirect: href } });
}

export const Route = createFileRoute('/_authenticated/staff/$')({
  beforeLoad: async ({ context, params, search, location }) => {
    if (!context.auth?.isStaff) throw redirect({ to: '/dashboard' });
    await requireSecondFactor(context.queryClient, context.auth.id, location.href);
    // /staff is the analysis queue: named in the address, so its navigation link shows it as the current one.
    if (!params._splat) throw redirect({ to: '/staff/$', params: { _splat: 'analyses' }, search, replace: true });
  },
  validateSearch: parseStaffSearch,
  component: StaffPage,
});

function StaffPage() {
  const { _splat = '' } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <StaffScreen path={_splat} search={search} onSearch={(next) => void navigate({ search: next })} />;
}
