import { createFileRoute, notFound } from '@tanstack/react-router';
import { ServiceInfoPage } from '#app/features/pages/components/service-info-page.tsx';
import { loadSiteTexts } from '#app/features/pages/content/load-site-texts.ts';
import { SERVICE_IDS, type ServiceId } from '#shared/catalog.ts';

const isServiceId = (id: string): id is ServiceId => (SERVICE_IDS as readonly string[]).includes(id);

export const Route = createFileRoute('/service-info/$id')({
  beforeLoad: ({ params }) => {
    if (!isServiceId(params.id)) throw notFound();
  },
  loader: loadSiteTexts,
  codeSplitGroupings: [['component']],
  component: ServiceInfoRoute,
});

function ServiceInfoRoute() {
  const { id } = Route.useParams();
  return <ServiceInfoPage id={id as ServiceId} />;
}
