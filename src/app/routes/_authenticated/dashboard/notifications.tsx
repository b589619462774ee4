import { createFileRoute } from '@tanstack/react-router';
import { NotificationsPanel } from '#app/features/notifications/components/notifications-panel.tsx';
import { PushSettings } from '#app/features/pwa/components/push-settings.tsx';

/** /dashboard/notifications: the panel pulls on entering (and every 60 s while visible) and reads the local database. */
export const Route = createFileRoute('/_authenticated/dashboard/notifications')({
  component: NotificationsPage,
});

function NotificationsPage() {
  const { userId } = Route.useRouteContext();
  return (
    <>
      <NotificationsPanel userId={userId} />
      <PushSettings userId={userId} />
    </>
  );
}
