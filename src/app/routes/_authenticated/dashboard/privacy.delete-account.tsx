import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { emailQuery } from '#app/features/account/api/account-queries.ts';
import { securityQuery } from '#app/features/account/api/security-api.ts';
import { DeleteAccountScreen } from '#app/features/privacy/components/delete-account-screen.tsx';
import { QueryState } from '#app/ui/query-state.tsx';

/** /dashboard/privacy/delete-account (issue 30): the account's e-mail and second factor decide what the screen asks. */
export const Route = createFileRoute('/_authenticated/dashboard/privacy/delete-account')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(emailQuery(context.userId));
    void context.queryClient.prefetchQuery(securityQuery(context.userId));
  },
  component: DeleteAccountPage,
});

function DeleteAccountPage() {
  const { userId } = Route.useRouteContext();
  const email = useQuery(emailQuery(userId));
  const security = useQuery(securityQuery(userId));
  return (
    <QueryState query={email}>
      {({ email: address }) => <DeleteAccountScreen userId={userId} email={address} hasAuthenticator={security.data?.totp ?? false} />}
    </QueryState>
  );
}
