import { createFileRoute } from '@tanstack/react-router';
import { AnalysesList } from '#app/features/orders/components/analyses-list.tsx';

/** /dashboard/my-services/{orderId}/analyses: the order's analyses with their status steps (offline too). */
export const Route = createFileRoute('/_authenticated/dashboard/my-services/$orderId/analyses')({
  component: AnalysesPage,
});

function AnalysesPage() {
  const { userId } = Route.useRouteContext();
  const { orderId } = Route.useParams();
  return <AnalysesList userId={userId} orderId={orderId} />;
}
