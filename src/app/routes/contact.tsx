import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '#app/features/pages/components/contact-page.tsx';
import { loadSiteTexts } from '#app/features/pages/content/load-site-texts.ts';
import { SOCIAL_LINKS } from '#app/features/shell/nav-links.ts';

const WHATSAPP = SOCIAL_LINKS.find((link) => link.id === 'whatsapp')!.href;

export const Route = createFileRoute('/contact')({
  loader: loadSiteTexts,
  codeSplitGroupings: [['component']],
  component: () => <ContactPage whatsappHref={WHATSAPP} />,
});
