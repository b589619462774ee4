import { createFileRoute } from '@tanstack/react-router';
import { profileQuery } from '#app/features/account/api/account-queries.ts';
import { ProfilePanel } from '#app/features/account/components/profile-form.tsx';

export const Route = createFileRoute('/_authenticated/dashboard/profile/')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(profileQuery(context.userId));
  },
  component: ProfilePage,
});

function ProfilePage() {
  const { userId } = Route.useRouteContext();
  return <ProfilePanel userId={userId} />;
}
