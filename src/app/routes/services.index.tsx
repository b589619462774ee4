import { createFileRoute } from '@tanstack/react-router';
import { ServiceList } from '#app/features/catalog/components/service-list.tsx';
import { PageIntro } from '#app/features/pages/components/page-intro.tsx';

export const Route = createFileRoute('/services/')({
  component: ServicesPage,
});

function ServicesPage() {
  return (
    <PageIntro page="services">
      <ServiceList />
    </PageIntro>
  );
}
