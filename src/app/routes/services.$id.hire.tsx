import { createFileRoute, notFound } from '@tanstack/react-router';
import { HirePage } from '#app/features/pages/components/hire-page.tsx';
import { loadSiteTexts } from '#app/features/pages/content/load-site-texts.ts';
import { SERVICE_IDS, type ServiceId } from '#shared/catalog.ts';
import { isSignedIn, useAuth } from '#app/lib/session.ts';

const isServiceId = (id: string): id is ServiceId => (SERVICE_IDS as readonly string[]).includes(id);

/** /services/{id}/hire (public): what hiring the service involves, and the way in (login and back, or the quote form). */
export const Route = createFileRoute('/services/$id/hire')({
  beforeLoad: ({ params }) => {
    if (!isServiceId(params.id)) throw notFound();
  },
  loader: loadSiteTexts,
  codeSplitGroupings: [['component']],
  component: HireRoute,
});

function HireRoute() {
  const { id } = Route.useParams();
  const auth = useAuth();
  return <HirePage id={id as ServiceId} signedIn={isSignedIn(auth)} />;
}
