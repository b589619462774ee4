import { createFileRoute, redirect } from '@tanstack/react-router';
import { SignupForm } from '#app/features/auth/components/signup-form.tsx';
import { loadAuthTexts } from '#app/features/auth/namespaces.ts';
import { RedirectSearch, afterLoginHref } from '#app/features/auth/redirect.ts';
import { TERMS_OF_USE_URL } from '#app/features/shell/nav-links.ts';
import { isSignedIn } from '#app/lib/session.ts';
import { useLanguage } from '#app/lib/use-language.ts';

/** A signed-in user already has an account: on to `?redirect=` or the profile. */
export const Route = createFileRoute('/signup')({
  validateSearch: RedirectSearch,
  beforeLoad: ({ context, search }) => {
    if (isSignedIn(context.auth)) throw redirect({ href: afterLoginHref(search.redirect), replace: true });
  },
  // The loader stays out of the component's chunk, so the texts and the code load side by side.
  loader: loadAuthTexts,
  codeSplitGroupings: [['component']],
  component: SignupPage,
});

function SignupPage() {
  const { redirect: redirectTo } = Route.useSearch();
  // The terms document of the interface language; English has none (docs/product.md §2), so no link.
  const termsUrl = TERMS_OF_USE_URL[useLanguage()] || undefined;
  return <SignupForm redirectTo={redirectTo} termsUrl={termsUrl} />;
}
