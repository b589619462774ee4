import { createFileRoute } from '@tanstack/react-router';
import { PageIntro } from '#app/features/pages/components/page-intro.tsx';
import { ServiceCatalog } from '#app/features/pages/components/service-catalog.tsx';
import { loadSiteTexts } from '#app/features/pages/content/load-site-texts.ts';

export const Route = createFileRoute('/services/')({
  loader: loadSiteTexts,
  codeSplitGroupings: [['component']],
  component: ServicesPage,
});

function ServicesPage() {
  return (
    <PageIntro page="services">
      <ServiceCatalog />
    </PageIntro>
  );
}
