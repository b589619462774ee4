import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { isSignedIn } from '#app/lib/session.ts';

/** Signed-in-only routes: a visitor goes to the login page, which brings them back here afterwards. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location }) => {
    if (!isSignedIn(context.auth)) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
  component: Outlet,
});
