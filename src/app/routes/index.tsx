import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '#app/features/pages/components/home-page.tsx';
import { loadSiteTexts } from '#app/features/pages/content/load-site-texts.ts';
import { SOCIAL_LINKS } from '#app/features/shell/nav-links.ts';

const SOCIAL_PROFILES = SOCIAL_LINKS.map((link) => link.href);

export const Route = createFileRoute('/')({
  // The loader stays in the entry, so the texts load beside the page's chunk (the page paints pre-rendered before either).
  loader: loadSiteTexts,
  codeSplitGroupings: [['component']],
  component: () => <HomePage socialProfiles={SOCIAL_PROFILES} />,
});
