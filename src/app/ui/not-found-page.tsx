import { Button, Container, Image, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from './document-title.tsx';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center">
        <Image src="/images/not-found.svg" alt={t('notFound.imageAlt')} width={400} height={300} maw={360} h="auto" />
        <DocumentTitle page={t('notFound.title')} />
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.body')}</Text>
        <Button component={Link} to="/">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Container>
  );
}
