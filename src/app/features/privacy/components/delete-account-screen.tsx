import { Alert, Button, Group, List, Stack, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH } from '#shared/passwords/limits.ts';
import { useConnectivity } from '#app/lib/sync/connectivity.ts';
import { useFormState } from '#app/lib/use-form-state.ts';
import { showErrorMessages } from '#app/ui/message-banner.ts';
import { PasswordInput } from '#app/ui/password-input.tsx';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';

const ERASED = ['profile', 'calibrations', 'analyses', 'requests', 'security', 'sessions'] as const;
const KEPT = ['bills', 'audit'] as const;

type Values = { password: string; code: string; confirmation: string };
const SERVER_FIELDS = { password: 'password', code: 'code', recoveryCode: 'code', confirmation: 'confirmation' } as const satisfies Record<string, keyof Values>;
const REQUIRED = ['validation:required'];

/** A code of 6 digits is the authenticator's; anything longer, a recovery code. */
const secondFactorOf = (code: string) => {
  const typed = code.trim();
  if (!typed) return {};
  return /^\d{6}$/.test(typed) ? { code: typed } : { recoveryCode: typed };
};

interface DeleteAccountScreenProps {
  userId: string;
  /** The account's e-mail: what the confirmation must repeat. */
  email: string;
  /** The account has an authenticator app: its code (or a recovery code) is asked too. */
  hasAuthenticator: boolean;
}

/**
 * Issue 30: what is erased and what is kept (and why), then the password, the second factor and the e-mail typed
 * again. Online only: offline it says so and keeps what was typed.
 */
export function DeleteAccountScreen({ userId, email, hasAuthenticator }: DeleteAccountScreenProps) {
  const { t } = useTranslation(['account-deletion', 'validation']);
  const { online } = useConnectivity();
  const remove = useDeleteAccount(userId);
  const form = useFormState<Values>({
    initialValues: { password: '', code: '', confirmation: '' },
    validate: ({ password, code, confirmation }) => ({
      password: password ? [] : REQUIRED,
      code: !hasAuthenticator || code.trim() ? [] : REQUIRED,
      confirmation: !confirmation.trim() ? REQUIRED : confirmation.trim().toLowerCase() !== email.toLowerCase() ? ['account-deletion:screen.mismatch'] : [],
    }),
  });

  const onSubmit = form.onSubmit(({ password, code, confirmation }) => {
    if (!online) return;
    remove.mutate(
      { password, confirmation: confirmation.trim(), ...secondFactorOf(code) },
      {
        onError: (error) => form.showApiError(error, SERVER_FIELDS, showErrorMessages),
      },
    );
  });

  return (
    <ScreenPanel title={t('screen.title')} description={t('screen.description')}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={3}>{t('screen.erasedTitle')}</Title>
          <List spacing={4}>
            {ERASED.map((key) => (
              <List.Item key={key}>{t(`screen.erased.${key}`)}</List.Item>
            ))}
          </List>
        </Stack>
        <Stack gap="xs">
          <Title order={3}>{t('screen.keptTitle')}</Title>
          <List spacing={4}>
            {KEPT.map((key) => (
              <List.Item key={key}>{t(`screen.kept.${key}`)}</List.Item>
            ))}
          </List>
        </Stack>
        {!online && (
          <Alert color="orange" role="alert" data-testid="delete-account-offline">
            {t('screen.offline')}
          </Alert>
        )}
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
            <PasswordInput label={t('screen.password')} required autoComplete="current-password" maxLength={PASSWORD_MAX_LENGTH} {...form.textField('password')} />
            {hasAuthenticator && (
              <TextInput label={t('screen.code')} description={t('screen.codeHint')} required autoComplete="one-time-code" maxLength={40} {...form.textField('code')} />
            )}
            <TextInput
              label={t('screen.confirmation')}
              description={t('screen.confirmationHint', { email })}
              required
              autoComplete="off"
              maxLength={254}
              {...form.textField('confirmation')}
            />
            <Group justify="flex-end" gap="sm">
              <Button component={Link} to="/dashboard/privacy" variant="default">
                {t('screen.cancel')}
              </Button>
              <Button type="submit" color="red" loading={remove.isPending} disabled={!online}>
                {t('screen.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </ScreenPanel>
  );
}
