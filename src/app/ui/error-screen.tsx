import { Button, Code, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The default screen for routing failures (SPEC.md §2). */
export function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation('common', { useSuspense: false });
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <Container size="sm" py="xl" role="alert">
      <Stack>
        <Title order={1}>{t('errorScreen.title')}</Title>
        <Text>{t('errorScreen.body')}</Text>
        {detail && <Code block>{detail}</Code>}
        <Button onClick={() => window.location.reload()} w="fit-content">
          {t('errorScreen.reload')}
        </Button>
      </Stack>
    </Container>
  );
}
