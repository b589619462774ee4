import { createFileRoute } from '@tanstack/react-router';
import { FaqList } from '#app/features/pages/components/faq-list.tsx';
import { PageIntro } from '#app/features/pages/components/page-intro.tsx';
import { loadSiteTexts } from '#app/features/pages/content/load-site-texts.ts';

export const Route = createFileRoute('/faq')({
  loader: loadSiteTexts,
  codeSplitGroupings: [['component']],
  component: FaqPage,
});

function FaqPage() {
  return (
    <PageIntro page="faq">
      <FaqList />
    </PageIntro>
  );
}
