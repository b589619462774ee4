import { createFileRoute } from '@tanstack/react-router';
import { AccountDeletedScreen } from '#app/features/privacy/components/account-deleted-screen.tsx';

const count = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined);

/** /account-deleted (issue 30): public, since the session is gone; `cancelled` and `kept` say what the deletion did. */
export const Route = createFileRoute('/account-deleted')({
  validateSearch: (search: Record<string, unknown>): { cancelled?: number; kept?: number } => ({ cancelled: count(search.cancelled), kept: count(search.kept) }),
  component: AccountDeletedPage,
});

function AccountDeletedPage() {
  const { cancelled, kept } = Route.useSearch();
  return <AccountDeletedScreen cancelled={cancelled} kept={kept} />;
}
