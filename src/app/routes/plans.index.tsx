import { createFileRoute } from '@tanstack/react-router';
import { PlanList } from '#app/features/catalog/components/plan-list.tsx';
import { PageIntro } from '#app/features/pages/components/page-intro.tsx';
import { loadSiteTexts } from '#app/features/pages/content/load-site-texts.ts';

export const Route = createFileRoute('/plans/')({
  loader: loadSiteTexts,
  codeSplitGroupings: [['component']],
  component: PlansPage,
});

function PlansPage() {
  return (
    <PageIntro page="plans">
      <PlanList />
    </PageIntro>
  );
}
