import { createFileRoute } from '@tanstack/react-router';
import { MyQuotes } from '#app/features/quotes/components/my-quotes.tsx';

/** /dashboard/my-quotes: the user's quote requests, pulled on entering and read from the local database (offline too). */
export const Route = createFileRoute('/_authenticated/dashboard/my-quotes')({
  component: MyQuotesPage,
});

function MyQuotesPage() {
  const { userId } = Route.useRouteContext();
  return <MyQuotes userId={userId} />;
}
