import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLogoutQuestion } from '#app/lib/logout.ts';
import { Dialog } from './dialog.tsx';

/**
 * Asked by `requestLogout` when writes are not on the server yet (docs/architecture.md §4): wait (stay signed
 * in and send them now) or discard them and log out. Closing the dialog keeps the session. Mounted
 * once, in the app's providers.
 */
export function LogoutDialog() {
  // Mounted outside the app's Suspense boundary; 'sync' is a startup namespace, loaded long before a logout.
  const { t } = useTranslation('sync', { useSuspense: false });
  const question = useLogoutQuestion();
  const unsent = question?.unsent ?? { total: 0, problems: 0 };
  return (
    <Dialog opened={question !== null} onClose={() => question?.answer('cancel')} title={t('logout.title')}>
      <Stack gap="md">
        <Text size="sm">{t('logout.body', { count: unsent.total })}</Text>
        {unsent.problems > 0 && (
          <Text size="sm" c="red.8">
            {t('logout.problems', { count: unsent.problems })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" color="red" onClick={() => question?.answer('discard')}>
            {t('logout.discard')}
          </Button>
          <Button onClick={() => question?.answer('wait')} data-autofocus>
            {t('logout.wait')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
