import { createFileRoute } from '@tanstack/react-router';
import { PageIntro } from '#app/features/pages/components/page-intro.tsx';

export const Route = createFileRoute('/about')({
  component: AboutPage,
});

function AboutPage() {
  return <PageIntro page="about" />;
}
