import { Button, List, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#app/ui/dialog.tsx';
import { promptInstall, useInstallOption } from '../install-prompt.ts';

/** "Install the app": Chromium's own dialog, or the steps for iPhone and iPad, where there is none. */
export function InstallAppButton() {
  const { t, ready } = useTranslation('pwa', { useSuspense: false });
  const option = useInstallOption();
  const [opened, { open, close }] = useDisclosure(false);
  if (option === 'none' || !ready) return null;
  return (
    <>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconDownload aria-hidden size={16} />}
        onClick={option === 'prompt' ? () => void promptInstall() : open}
      >
        {t('install.button')}
      </Button>
      <Dialog opened={opened} onClose={close} title={t('install.iosTitle')}>
        <Text mb="sm">{t('install.iosIntro')}</Text>
        <List type="ordered" spacing="xs">
          <List.Item>{t('install.iosStep1')}</List.Item>
          <List.Item>{t('install.iosStep2')}</List.Item>
          <List.Item>{t('install.iosStep3')}</List.Item>
        </List>
      </Dialog>
    </>
  );
}
