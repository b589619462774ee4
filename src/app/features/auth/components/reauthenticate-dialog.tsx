import { useEffect, useRef, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconFingerprint } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError, reauthentication } from '#app/lib/api-client.ts';
import type { FormMessage } from '#app/lib/form-errors.ts';
import { useFormState } from '#app/lib/use-form-state.ts';
import { Dialog } from '#app/ui/dialog.tsx';
import { PasswordInput } from '#app/ui/password-input.tsx';
import { reauthenticate } from '../api/auth-api.ts';
import { FormAlert } from './form-alert.tsx';

const SERVER_FIELDS = { password: 'password' } as const;
const EMPTY = { password: '' };
/** Loaded when the dialog opens: the account's passkeys, and re-authenticating with one. */
const securityApi = () => import('#app/features/account/api/security-api.ts');
/** The browser's own message when its passkey dialog is closed is not for the user: ours says what to do. */
const passkeyMessages = (error: unknown): FormMessage[] =>
  error instanceof ApiError && error.errors.length > 0 ? error.errors.map((text) => ({ text })) : [{ key: 'auth:reauthenticate.passkeyFailed' }];

/** Whether the user has a passkey to confirm with, asked when the dialog opens (false until known, or offline). */
function useHasPasskey(userId: string, opened: boolean): boolean {
  const queryClient = useQueryClient();
  const [hasPasskey, setHasPasskey] = useState(false);
  useEffect(() => {
    if (!opened) return;
    let current = true;
    securityApi()
      .then(({ securityQuery }) => queryClient.fetchQuery(securityQuery(userId)))
      .then((security) => current && setHasPasskey(security.passkeys.length > 0))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [opened, userId, queryClient]);
  return hasPasskey;
}

/**
 * Issue 31: a change the server refuses for an old sign-in (403 `WWW-Authenticate: DoseHub-Reauth`) opens this
 * dialog over the page, whose form keeps what was typed; the password, or one of the user's passkeys, renews the
 * session and the API client repeats the change once. Several such answers at a time share one dialog.
 */
export function ReauthenticateDialog({ userId }: { userId: string }) {
  const { t } = useTranslation(['auth', 'validation']);
  const [answer, setAnswer] = useState<((confirmed: boolean) => void) | null>(null);
  const [alertMessages, setAlertMessages] = useState<FormMessage[]>([]);
  const form = useFormState({ initialValues: EMPTY, validate: ({ password }) => ({ password: password ? [] : ['validation:required'] }) });
  const asking = useRef<Promise<boolean> | null>(null);

  useEffect(() => {
    reauthentication.confirm = () =>
      (asking.current ??= new Promise<boolean>((resolve) => setAnswer(() => resolve)).finally(() => {
        asking.current = null;
      }));
    return () => {
      reauthentication.confirm = null;
    };
  }, []);

  const close = (confirmed: boolean) => {
    answer?.(confirmed);
    setAnswer(null);
    form.setValues(EMPTY);
    setAlertMessages([]);
  };
  const mutation = useMutation({
    mutationFn: (password: string) => reauthenticate(userId, password),
    onSuccess: () => close(true),
    onError: (error) => form.showApiError(error, SERVER_FIELDS, setAlertMessages),
  });
  const hasPasskey = useHasPasskey(userId, answer !== null);
  const withPasskey = useMutation({
    mutationFn: async () => (await securityApi()).reauthenticateWithPasskey(userId),
    onSuccess: () => close(true),
    onError: (error) => setAlertMessages(passkeyMessages(error)),
  });
  const submit = form.onSubmit(({ password }) => {
    if (mutation.isPending) return;
    setAlertMessages([]);
    mutation.mutate(password);
  });

  return (
    <Dialog opened={answer !== null} onClose={() => close(false)} title={t('reauthenticate.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('reauthenticate.lead')}</Text>
          <FormAlert title={t('reauthenticate.title')} messages={alertMessages} />
          <PasswordInput label={t('reauthenticate.password')} required autoComplete="current-password" data-autofocus {...form.textField('password')} />
          {hasPasskey && (
            <Button
              variant="default"
              leftSection={<IconFingerprint size={18} aria-hidden />}
              loading={withPasskey.isPending}
              onClick={() => {
                setAlertMessages([]);
                withPasskey.mutate();
              }}
            >
              {t('reauthenticate.usePasskey')}
            </Button>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => close(false)}>
              {t('reauthenticate.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t('reauthenticate.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
