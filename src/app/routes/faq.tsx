import { createFileRoute } from '@tanstack/react-router';
import { PageIntro } from '#app/features/pages/components/page-intro.tsx';

export const Route = createFileRoute('/faq')({
  component: FaqPage,
});

function FaqPage() {
  return <PageIntro page="faq" />;
}
