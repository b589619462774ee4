import { createFileRoute } from '@tanstack/react-router';
import { PageIntro } from '#app/features/pages/components/page-intro.tsx';

export const Route = createFileRoute('/signup')({
  component: SignupPage,
});

function SignupPage() {
  return <PageIntro page="signup" />;
}
