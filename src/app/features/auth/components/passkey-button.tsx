import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconFingerprint } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AuthResponse } from '#shared/schemas/users.ts';
import { ApiError } from '#app/lib/api-client.ts';
import type { FormMessage } from '#app/lib/form-errors.ts';
import { signInWithPasskey } from '#app/lib/session-api.ts';
import { FormAlert } from './form-alert.tsx';

/** The browser's own message when the user closes its passkey dialog is not for them: ours says what to do. */
const messagesOf = (error: unknown): FormMessage[] =>
  error instanceof ApiError && error.errors.length > 0 ? error.errors.map((text) => ({ text })) : [{ key: 'auth:passkey.failed' }];

/** Signs in with a passkey: after the password (the server knows whose), or alone on the login page. */
export function PasskeyButton({ labelKey, onSignedIn }: { labelKey: string; onSignedIn: (auth: AuthResponse) => void }) {
  const { t } = useTranslation('auth');
  const [messages, setMessages] = useState<FormMessage[]>([]);
  const mutation = useMutation({ mutationFn: signInWithPasskey, onSuccess: onSignedIn, onError: (error) => setMessages(messagesOf(error)) });
  return (
    <Stack gap="xs">
      <FormAlert title={t('login.failed')} messages={messages} />
      <Button
        variant="default"
        fullWidth
        leftSection={<IconFingerprint size={18} aria-hidden />}
        loading={mutation.isPending}
        onClick={() => {
          setMessages([]);
          mutation.mutate();
        }}
      >
        {t(labelKey)}
      </Button>
    </Stack>
  );
}
