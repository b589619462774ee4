import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { ReauthenticateDialog } from '#app/features/auth/components/reauthenticate-dialog.tsx';
import { isSignedIn } from '#app/lib/session.ts';

/** Signed-in-only routes: a visitor goes to the login page, which brings them back here afterwards. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location }) => {
    if (!isSignedIn(context.auth)) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
  component: SignedInLayout,
});

/** Every signed-in page can meet a change that needs the password again: its dialog overlays the page. */
function SignedInLayout() {
  const { auth } = Route.useRouteContext();
  return (
    <>
      <Outlet />
      {isSignedIn(auth) && <ReauthenticateDialog userId={auth.id} />}
    </>
  );
}
