import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '#app/ui/document-title.tsx';

export type PageId = 'home' | 'services' | 'plans' | 'articles' | 'contact' | 'about' | 'faq' | 'login' | 'signup';

/** A public page's heading and lead paragraph, from the `pages` namespace. */
export function PageIntro({ page, children }: { page: PageId; children?: React.ReactNode }) {
  const { t } = useTranslation('pages');
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <DocumentTitle page={t(`${page}.title`)} />
          <Title order={1}>{t(`${page}.title`)}</Title>
          <Text size="lg" c="dimmed" maw={720}>
            {t(`${page}.lead`)}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
