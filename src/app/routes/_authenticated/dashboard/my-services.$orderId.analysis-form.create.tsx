import { createFileRoute } from '@tanstack/react-router';
import { CreateAnalysisPanel } from '#app/features/orders/components/analysis-form.tsx';

/** /dashboard/my-services/{orderId}/analysis-form/create: saved here at once and queued (images included), online or offline. */
export const Route = createFileRoute('/_authenticated/dashboard/my-services/$orderId/analysis-form/create')({
  component: CreateAnalysisPage,
});

function CreateAnalysisPage() {
  const { userId } = Route.useRouteContext();
  const { orderId } = Route.useParams();
  return <CreateAnalysisPanel userId={userId} orderId={orderId} />;
}
