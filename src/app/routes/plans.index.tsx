import { createFileRoute } from '@tanstack/react-router';
import { PlanList } from '#app/features/catalog/components/plan-list.tsx';
import { PageIntro } from '#app/features/pages/components/page-intro.tsx';

export const Route = createFileRoute('/plans/')({
  component: PlansPage,
});

function PlansPage() {
  return (
    <PageIntro page="plans">
      <PlanList />
    </PageIntro>
  );
}
