import { createFileRoute } from '@tanstack/react-router';
import { PageIntro } from '#app/features/pages/components/page-intro.tsx';

export const Route = createFileRoute('/')({
  // The landing page is not code-split: it is tiny, and a chunk of its own would be one more round
  // trip before its first paint (Lighthouse, issue 5).
  codeSplitGroupings: [],
  component: HomePage,
});

function HomePage() {
  return <PageIntro page="home" />;
}
