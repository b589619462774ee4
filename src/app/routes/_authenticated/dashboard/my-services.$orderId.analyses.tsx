import { createFileRoute } from '@tanstack/react-router';
import { AnalysesList } from '#app/features/orders/components/analyses-list.tsx';
import { useAnalyses } from '#app/features/orders/store/analysis-store.ts';
import { PushOptIn } from '#app/features/pwa/components/push-opt-in.tsx';

/**
 * /dashboard/my-services/{orderId}/analyses: the order's analyses with their status steps (offline too). Where a
 * sent analysis lands: the moment notifications explain themselves, so they are offered here (once).
 */
export const Route = createFileRoute('/_authenticated/dashboard/my-services/$orderId/analyses')({
  component: AnalysesPage,
});

function AnalysesPage() {
  const { userId } = Route.useRouteContext();
  const { orderId } = Route.useParams();
  const sent = (useAnalyses(userId, orderId)?.length ?? 0) > 0;
  return (
    <>
      <AnalysesList userId={userId} orderId={orderId} />
      {sent && <PushOptIn userId={userId} />}
    </>
  );
}
