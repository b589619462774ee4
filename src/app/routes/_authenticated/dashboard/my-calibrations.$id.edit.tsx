import { createFileRoute } from '@tanstack/react-router';
import { EditCalibrationPanel } from '#app/features/calibrations/components/calibration-form.tsx';

/** /dashboard/my-calibrations/{id}/edit: the local record, also when the server refused it (edit and retry). */
export const Route = createFileRoute('/_authenticated/dashboard/my-calibrations/$id/edit')({
  component: EditCalibrationPage,
});

function EditCalibrationPage() {
  const { userId } = Route.useRouteContext();
  const { id } = Route.useParams();
  return <EditCalibrationPanel userId={userId} id={id} />;
}
