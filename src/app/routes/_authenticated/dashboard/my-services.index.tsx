import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { parsePageSearch } from '#app/lib/page-search.ts';
import { OrdersList } from '#app/features/orders/components/orders-list.tsx';
import { quotesPullQuery } from '#app/features/quotes/api/quote-queries.ts';
import { useMyQuotes, waitingQuotes } from '#app/features/quotes/store/quote-store.ts';

/** /dashboard/my-services: pulls on entering and reads the local database (offline too); a waiting quote changes the empty state. */
export const Route = createFileRoute('/_authenticated/dashboard/my-services/')({
  validateSearch: parsePageSearch,
  component: MyServicesPage,
});

function MyServicesPage() {
  const { userId } = Route.useRouteContext();
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  useQuery(quotesPullQuery(userId));
  const waiting = waitingQuotes(useMyQuotes() ?? []).length;
  return <OrdersList userId={userId} page={page} waitingQuotes={waiting} onPageChange={(next) => void navigate({ search: next > 1 ? { page: next } : {} })} />;
}
