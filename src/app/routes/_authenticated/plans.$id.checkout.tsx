import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { profileQuery } from '#app/features/account/api/account-queries.ts';
import { plansQuery } from '#app/features/catalog/api/catalog-queries.ts';
import { CheckoutPanel } from '#app/features/signatures/components/checkout.tsx';
import { useLanguage } from '#app/lib/use-language.ts';
import { QueryState } from '#app/ui/query-state.tsx';
import { NotFoundPage } from '#app/ui/not-found-page.tsx';

/** /plans/{id}/checkout (signed in): the plan from the catalog (kept for offline use), then the checkout. */
export const Route = createFileRoute('/_authenticated/plans/$id/checkout')({
  beforeLoad: ({ context }) => ({ userId: context.auth!.id }),
  component: CheckoutPage,
});

function CheckoutPage() {
  const { id } = Route.useParams();
  const { userId } = Route.useRouteContext();
  const query = useQuery(plansQuery(useLanguage()));
  // Whether the profile names the payer (kept for offline use): undefined while it loads, null when it cannot be read (the checkout asks).
  const profile = useQuery(profileQuery(userId));
  const payer = profile.data ?? (profile.isPending && profile.fetchStatus === 'fetching' ? undefined : null);
  return (
    <QueryState query={query}>
      {(data) => {
        const plan = data.row.find((candidate) => candidate.id === id);
        return plan ? <CheckoutPanel userId={userId} plan={plan} payer={payer} /> : <NotFoundPage />;
      }}
    </QueryState>
  );
}
