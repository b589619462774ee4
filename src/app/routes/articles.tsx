import { createFileRoute } from '@tanstack/react-router';
import { PageIntro } from '#app/features/pages/components/page-intro.tsx';

export const Route = createFileRoute('/articles')({
  component: ArticlesPage,
});

function ArticlesPage() {
  return <PageIntro page="articles" />;
}
