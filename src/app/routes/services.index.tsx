import { createFileRoute } from '@tanstack/react-router';
import { PageIntro } from '#app/features/pages/components/page-intro.tsx';
import { ServiceCatalog } from '#app/features/pages/components/service-catalog.tsx';

export const Route = createFileRoute('/services/')({
  component: ServicesPage,
});

function ServicesPage() {
  return (
    <PageIntro page="services">
      <ServiceCatalog />
    </PageIntro>
  );
}
