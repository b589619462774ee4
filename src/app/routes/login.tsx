import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginForm } from '#app/features/auth/components/login-form.tsx';
import { loadAuthTexts } from '#app/features/auth/namespaces.ts';
import { RedirectSearch, afterLoginHref } from '#app/features/auth/redirect.ts';
import { isSignedIn } from '#app/lib/session.ts';

/** A signed-in user has nothing to do here: on to `?redirect=` (just after login, too) or the profile. */
export const Route = createFileRoute('/login')({
  validateSearch: RedirectSearch,
  beforeLoad: ({ context, search }) => {
    if (isSignedIn(context.auth)) throw redirect({ href: afterLoginHref(search.redirect), replace: true });
  },
  // The loader stays out of the component's chunk, so the texts and the code load side by side.
  loader: loadAuthTexts,
  codeSplitGroupings: [['component']],
  component: LoginPage,
});

function LoginPage() {
  const { redirect: redirectTo } = Route.useSearch();
  return <LoginForm redirectTo={redirectTo} />;
}
