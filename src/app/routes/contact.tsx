import { createFileRoute } from '@tanstack/react-router';
import { CONTACT_NAMESPACES } from '#shared/page-texts.ts';
import { ContactForm } from '#app/features/contact/components/contact-form.tsx';
import { ContactPage } from '#app/features/pages/components/contact-page.tsx';
import { SOCIAL_LINKS } from '#app/features/shell/nav-links.ts';
import { i18n } from '#app/lib/i18n.ts';

const WHATSAPP = SOCIAL_LINKS.find((link) => link.id === 'whatsapp')!.href;

export const Route = createFileRoute('/contact')({
  loader: () => i18n.loadNamespaces(CONTACT_NAMESPACES),
  codeSplitGroupings: [['component']],
  component: () => <ContactPage whatsappHref={WHATSAPP} form={<ContactForm />} />,
});
