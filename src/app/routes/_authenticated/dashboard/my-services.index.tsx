import { createFileRoute } from '@tanstack/react-router';
import { parsePageSearch } from '#app/lib/page-search.ts';
import { OrdersList } from '#app/features/orders/components/orders-list.tsx';

/** /dashboard/my-services: pulls on entering and reads the local database (offline too). */
export const Route = createFileRoute('/_authenticated/dashboard/my-services/')({
  validateSearch: parsePageSearch,
  component: MyServicesPage,
});

function MyServicesPage() {
  const { userId } = Route.useRouteContext();
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <OrdersList userId={userId} page={page} onPageChange={(next) => void navigate({ search: next > 1 ? { page: next } : {} })} />;
}
