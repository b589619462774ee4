import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '#app/ui/document-title.tsx';

export type PageId = 'home' | 'services' | 'plans' | 'articles' | 'contact' | 'about' | 'faq' | 'login' | 'signup';

/** A public page's heading, lead paragraph and optional actions, from the `pages` namespace (or given, for pages of the catalog). */
interface PageIntroProps {
  page?: PageId;
  heading?: { title: string; lead: string };
  /** What to do next, right under the lead (the home page's way to the services: above the fold at 1280 px). */
  actions?: React.ReactNode;
  children?: React.ReactNode;
}

export function PageIntro({ page, heading, actions, children }: PageIntroProps) {
  const { t } = useTranslation('pages');
  const title = heading?.title ?? t(`${page}.title`);
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <DocumentTitle page={title} />
          <Title order={1}>{title}</Title>
          <Text size="lg" c="dimmed" maw={720}>
            {heading?.lead ?? t(`${page}.lead`)}
          </Text>
        </Stack>
        {actions}
        {children}
      </Stack>
    </Container>
  );
}
