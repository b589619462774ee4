import { createFileRoute } from '@tanstack/react-router';
import { HirePage } from '#app/features/pages/components/hire-page.tsx';
import { isServiceId } from '#shared/catalog.ts';
import { isSignedIn, useAuth } from '#app/lib/session.ts';
import { NotFoundPage } from '#app/ui/not-found-page.tsx';

/**
 * /services/{id}/hire (public): what hiring the service involves, and the way in (login and back, or the quote
 * form). Everything, the id's check included, is in the page's chunk: the route table in the entry (which / loads)
 * holds only its path. The texts load as the page renders (useTranslation suspends until they are there).
 */
export const Route = createFileRoute('/services/$id/hire')({
  component: HireRoute,
});

function HireRoute() {
  const { id } = Route.useParams();
  const auth = useAuth();
  if (!isServiceId(id)) return <NotFoundPage />;
  return <HirePage id={id} signedIn={isSignedIn(auth)} />;
}
