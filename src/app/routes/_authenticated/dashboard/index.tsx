import { createFileRoute, redirect } from '@tanstack/react-router';

/** /dashboard itself opens the profile. */
export const Route = createFileRoute('/_authenticated/dashboard/')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard/profile' });
  },
});
