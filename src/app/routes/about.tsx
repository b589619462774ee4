import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '#app/features/pages/components/about-page.tsx';
import { loadSiteTexts } from '#app/features/pages/content/load-site-texts.ts';

export const Route = createFileRoute('/about')({
  loader: loadSiteTexts,
  codeSplitGroupings: [['component']],
  component: AboutPage,
});
