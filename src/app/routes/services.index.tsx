import { createFileRoute } from '@tanstack/react-router';
import { PageIntro } from '#app/features/pages/components/page-intro.tsx';
import { ServiceCatalog } from '#app/features/pages/components/service-catalog.tsx';
import { loadSiteTexts } from '#app/features/pages/content/load-site-texts.ts';

/** `?page=N` (1-based; page 1 is left out of the URL). A plain validator: the route's file stays free of zod. */
function parseSearch(search: Record<string, unknown>): { page?: number } {
  const page = Number(search.page);
  return Number.isInteger(page) && page > 1 ? { page } : {};
}

export const Route = createFileRoute('/services/')({
  validateSearch: parseSearch,
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
