import { createFileRoute } from '@tanstack/react-router';
import { PageIntro } from '#app/features/pages/components/page-intro.tsx';

export const Route = createFileRoute('/')({
  component: HomePage,
});

function HomePage() {
  return <PageIntro page="home" />;
}
