import { createFileRoute, notFound } from '@tanstack/react-router';
import { ServiceInfoPage } from '#app/features/pages/components/service-info-page.tsx';
import { loadSiteTexts } from '#app/features/pages/content/load-site-texts.ts';
import { isServiceId, type ServiceId } from '#shared/catalog.ts';

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
