import { createFileRoute } from '@tanstack/react-router';
import { PageIntro } from '#app/features/pages/components/page-intro.tsx';

export const Route = createFileRoute('/login')({
  component: LoginPage,
});

function LoginPage() {
  return <PageIntro page="login" />;
}
