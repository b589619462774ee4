import { useQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { isServiceId, type ServiceId } from '#shared/catalog.ts';
import { profileQuery } from '#app/features/account/api/account-queries.ts';
import { QuoteFormPanel } from '#app/features/quotes/components/quote-form.tsx';

/** /services/{id}/hire/budget-form: a quote request for that service, prefilled with the profile's contact details. */
export const Route = createFileRoute('/_authenticated/services/$id/hire/budget-form')({
  beforeLoad: ({ params, context }) => {
    if (!isServiceId(params.id)) throw notFound();
    return { userId: context.auth!.id };
  },
  component: BudgetFormPage,
});

function BudgetFormPage() {
  const { id } = Route.useParams();
  const { userId } = Route.useRouteContext();
  const profile = useQuery(profileQuery(userId));
  return <QuoteFormPanel userId={userId} serviceId={id as ServiceId} contact={profile.data} />;
}
