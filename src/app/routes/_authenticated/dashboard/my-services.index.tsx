import { createFileRoute } from '@tanstack/react-router';
import { OrdersList } from '#app/features/orders/components/orders-list.tsx';

/** `?page=N` (1-based; page 1 is left out of the URL). */
function parseSearch(search: Record<string, unknown>): { page?: number } {
  const page = Number(search.page);
  return Number.isInteger(page) && page > 1 ? { page } : {};
}

/** /dashboard/my-services: pulls on entering and reads the local database (offline too). */
export const Route = createFileRoute('/_authenticated/dashboard/my-services/')({
  validateSearch: parseSearch,
  component: MyServicesPage,
});

function MyServicesPage() {
  const { userId } = Route.useRouteContext();
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <OrdersList userId={userId} page={page} onPageChange={(next) => void navigate({ search: next > 1 ? { page: next } : {} })} />;
}
