import { createFileRoute } from '@tanstack/react-router';
import { emailQuery, phoneQuery } from '#app/features/account/api/account-queries.ts';
import { SecurityOverview } from '#app/features/account/components/security-overview.tsx';

export const Route = createFileRoute('/_authenticated/dashboard/security')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(emailQuery(context.userId));
    void context.queryClient.prefetchQuery(phoneQuery(context.userId));
  },
  component: SecurityPage,
});

function SecurityPage() {
  const { userId } = Route.useRouteContext();
  return <SecurityOverview userId={userId} />;
}
