import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The privacy page's "Delete my account" part (issue 30): what it does in a sentence, and the way to the screen that does it. */
export function DeleteAccountSection() {
  const { t } = useTranslation('account-deletion');
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={2} id={headingId}>
          {t('section.title')}
        </Title>
        <Text c="dimmed">{t('section.description')}</Text>
        <Group>
          <Button component={Link} to="/dashboard/privacy/delete-account" color="red" variant="outline">
            {t('section.open')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
