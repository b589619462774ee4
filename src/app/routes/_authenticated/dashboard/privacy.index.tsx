import { createFileRoute } from '@tanstack/react-router';
import { consentsQuery, privacyFactsQuery } from '#app/features/privacy/api/privacy-queries.ts';
import { PrivacyPage } from '#app/features/privacy/components/privacy-page.tsx';
import { loadPrivacyTexts } from '#app/features/privacy/load-texts.ts';

export const Route = createFileRoute('/_authenticated/dashboard/privacy/')({
  loader: async ({ context }) => {
    void context.queryClient.prefetchQuery(privacyFactsQuery());
    void context.queryClient.prefetchQuery(consentsQuery(context.userId));
    await loadPrivacyTexts();
  },
  component: PrivacyRoute,
});

function PrivacyRoute() {
  const { userId } = Route.useRouteContext();
  return <PrivacyPage userId={userId} />;
}
