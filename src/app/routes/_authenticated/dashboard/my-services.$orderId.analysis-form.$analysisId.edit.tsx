import { createFileRoute } from '@tanstack/react-router';
import { EditAnalysisPanel } from '#app/features/orders/components/analysis-form.tsx';

/** /dashboard/my-services/{orderId}/analysis-form/{analysisId}/edit: the local record, also when the server refused it (edit and retry). */
export const Route = createFileRoute('/_authenticated/dashboard/my-services/$orderId/analysis-form/$analysisId/edit')({
  component: EditAnalysisPage,
});

function EditAnalysisPage() {
  const { userId } = Route.useRouteContext();
  const { orderId, analysisId } = Route.useParams();
  return <EditAnalysisPanel userId={userId} orderId={orderId} analysisId={analysisId} />;
}
