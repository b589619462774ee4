import { createFileRoute } from '@tanstack/react-router';
import { PrivacyNotice } from '#app/features/privacy/components/privacy-notice.tsx';
import { loadPrivacyTexts } from '#app/features/privacy/load-texts.ts';

/** The public privacy notice (issue 30): its component, and the zod schema it reads facts with, load lazily. */
export const Route = createFileRoute('/privacy')({
  loader: loadPrivacyTexts,
  codeSplitGroupings: [['component']],
  component: PrivacyNotice,
});
