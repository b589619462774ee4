import { createFileRoute } from '@tanstack/react-router';
import { ArticleList } from '#app/features/pages/components/article-list.tsx';
import { PageIntro } from '#app/features/pages/components/page-intro.tsx';
import { loadSiteTexts } from '#app/features/pages/content/load-site-texts.ts';

export const Route = createFileRoute('/articles')({
  loader: loadSiteTexts,
  codeSplitGroupings: [['component']],
  component: ArticlesPage,
});

function ArticlesPage() {
  return (
    <PageIntro page="articles">
      <ArticleList headingOrder={2} />
    </PageIntro>
  );
}
