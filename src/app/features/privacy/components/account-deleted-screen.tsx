import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '#app/ui/document-title.tsx';

/**
 * Where a browser lands once its account is deleted (issue 30): after deleting it here, or at its next contact
 * after it was deleted on another device (then the counts are unknown and not shown).
 */
export function AccountDeletedScreen({ cancelled, kept }: { cancelled?: number; kept?: number }) {
  const { t } = useTranslation('account-deletion');
  return (
    <Container size="sm" py="xl">
      <DocumentTitle page={t('deleted.title')} />
      <Stack gap="md" data-testid="account-deleted">
        <Title order={1}>{t('deleted.title')}</Title>
        <Text>{t('deleted.body')}</Text>
        {cancelled ? <Text>{t('deleted.cancelled', { count: cancelled })}</Text> : null}
        {kept ? <Text>{t('deleted.kept', { count: kept })}</Text> : null}
        <div>
          <Button component={Link} to="/">
            {t('deleted.home')}
          </Button>
        </div>
      </Stack>
    </Container>
  );
}
