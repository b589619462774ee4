import { createFileRoute } from '@tanstack/react-router';
import { PageIntro } from '#app/features/pages/components/page-intro.tsx';

export const Route = createFileRoute('/contact')({
  component: ContactPage,
});

function ContactPage() {
  return <PageIntro page="contact" />;
}
