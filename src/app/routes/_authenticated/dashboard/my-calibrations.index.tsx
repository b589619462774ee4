import { createFileRoute } from '@tanstack/react-router';
import { parsePageSearch } from '#app/lib/page-search.ts';
import { CalibrationsList } from '#app/features/calibrations/components/calibrations-list.tsx';

/** /dashboard/my-calibrations: pulls on entering and reads the local database (offline too). */
export const Route = createFileRoute('/_authenticated/dashboard/my-calibrations/')({
  validateSearch: parsePageSearch,
  component: MyCalibrationsPage,
});

function MyCalibrationsPage() {
  const { userId } = Route.useRouteContext();
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CalibrationsList userId={userId} page={page} onPageChange={(next) => void navigate({ search: next > 1 ? { page: next } : {} })} />;
}
