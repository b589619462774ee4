import { createFileRoute } from '@tanstack/react-router';
import { EmailConfirm } from '#app/features/auth/components/email-confirm.tsx';
import { TokenSearch } from '#app/features/auth/token-search.ts';

/** The link of the confirmation mail: /users/{id}/email-confirm?token=… */
export const Route = createFileRoute('/users/$id/email-confirm')({
  validateSearch: TokenSearch,
  component: EmailConfirmPage,
});

function EmailConfirmPage() {
  const { id } = Route.useParams();
  const { token } = Route.useSearch();
  return <EmailConfirm uid={id} token={token} />;
}
