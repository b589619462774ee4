import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordForm } from '#app/features/auth/components/reset-password-form.tsx';
import { TokenSearch } from '#app/features/auth/token-search.ts';

/** The link of the password reset mail: /users/{id}/reset-password?token=… */
export const Route = createFileRoute('/users/$id/reset-password')({
  validateSearch: TokenSearch,
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { id } = Route.useParams();
  const { token } = Route.useSearch();
  return <ResetPasswordForm uid={id} token={token} />;
}
