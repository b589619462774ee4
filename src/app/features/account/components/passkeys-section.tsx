import { useState } from 'react';
import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PasskeySummary } from '#shared/schemas/security.ts';
import { formatDateTime } from '#shared/format/date-time.ts';
import { useLanguage } from '#app/lib/use-language.ts';
import { showMessage } from '#app/ui/message-banner.ts';
import { useRemovePasskey } from '../api/security-api.ts';
import { AddPasskeyForm } from './add-passkey-form.tsx';
import { showFailure as failed } from './security-section.tsx';

/** The account's passkeys (issue 31): each named, several allowed, removable; a new one is created in the browser. */
export function PasskeysSection({ userId, passkeys }: { userId: string; passkeys: PasskeySummary[] }) {
  const { t } = useTranslation('account');
  const language = useLanguage();
  const remove = useRemovePasskey(userId);
  const [removing, setRemoving] = useState<string | null>(null);
  const removeOne = (passkey: PasskeySummary) => {
    setRemoving(passkey.id);
    remove.mutate(passkey.id, { onError: failed, onSettled: () => setRemoving(null) });
  };

  return (
    <Stack gap="sm">
      <Title order={3}>{t('passkeys.title')}</Title>
      <Text c="dimmed">{t('passkeys.description')}</Text>
      {passkeys.length > 0 && (
        <List aria-label={t('passkeys.title')} listStyleType="none" spacing="xs">
          {passkeys.map((passkey) => (
            <List.Item key={passkey.id}>
              <Group gap="sm">
                <Text fw={600}>{passkey.name}</Text>
                <Text size="sm" c="dimmed">
                  {t('passkeys.addedOn', { date: formatDateTime(passkey.createdAt, language) })}
                </Text>
                <Button variant="subtle" color="red" size="xs" loading={removing === passkey.id} onClick={() => removeOne(passkey)} aria-label={t('passkeys.removeNamed', { name: passkey.name })}>
                  {t('passkeys.remove')}
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      <AddPasskeyForm userId={userId} onAdded={() => showMessage({ type: 'success', message: t('passkeys.added') })} />
    </Stack>
  );
}
