import { createFileRoute, redirect } from '@tanstack/react-router';
import { parseStaffSearch } from '#app/features/staff/staff-search.ts';
import { StaffScreen } from '#app/features/staff/lazy-screens.tsx';

/**
 * /staff/{section}[/{id}] (/staff goes to the analysis queue): the back-office, staff only (the server refuses others too); anyone else goes to
 * their dashboard. One splat route, so the whole subtree costs one entry in the route table of `/`.
 */
export const Route = createFileRoute('/_authenticated/staff/$')({
  beforeLoad: ({ context, params, search }) => {
    if (!context.auth?.isStaff) throw redirect({ to: '/dashboard' });
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
