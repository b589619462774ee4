import { createFileRoute } from '@tanstack/react-router';
import { AddCalibrationPanel } from '#app/features/calibrations/components/calibration-form.tsx';

/** /dashboard/my-calibrations/add: saved here at once and queued for the server, online or offline. */
export const Route = createFileRoute('/_authenticated/dashboard/my-calibrations/add')({
  component: AddCalibrationPage,
});

function AddCalibrationPage() {
  const { userId } = Route.useRouteContext();
  return <AddCalibrationPanel userId={userId} />;
}
