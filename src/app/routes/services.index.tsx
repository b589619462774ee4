import { createFileRoute } from '@tanstack/react-router';
import { parsePageSearch } from '#app/lib/page-search.ts';
import { PageIntro } from '#app/features/pages/components/page-intro.tsx';
import { ServiceCatalog } from '#app/features/pages/components/service-catalog.tsx';
import { loadSiteTexts } from '#app/features/pages/content/load-site-texts.ts';

export const Route = createFileRoute('/services/')({
  validateSearch: parsePageSearch,
  loader: loadSiteTexts,
  codeSplitGroupings: [['component']],
  component: ServicesPage,
});

function ServicesPage() {
  const { page = 1 } = Route.useSearch();
  return (
    <PageIntro page="services">
      <ServiceCatalog page={page} />
    </PageIntro>
  );
}
