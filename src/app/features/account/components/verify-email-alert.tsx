import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { splitApiError } from '#app/lib/form-errors.ts';
import { showErrorMessages, showMessage } from '#app/ui/message-banner.ts';
import { useResendVerification } from '../api/account-mutations.ts';
import { emailQuery } from '../api/account-queries.ts';

/** docs/product.md §6: until the address is confirmed, "Please verify your email to access the platform", with a way to get a new link. */
export function VerifyEmailAlert({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const { data } = useQuery(emailQuery(userId));
  const resend = useResendVerification(userId);

  if (!data || data.verified) return null;

  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () => showMessage({ type: 'success', message: t('verifyEmail.sent') }),
      // 409 (already confirmed) and 429 (asked too often) come with the server's own translated message.
      onError: (error) => showErrorMessages(splitApiError(error, {}).general),
    });

  return (
    <Alert
      color="yellow"
      variant="light"
      role="status"
      icon={<IconMailExclamation aria-hidden />}
      title={t('verifyEmail.message')}
      // Mantine's yellow title text is too pale on the light yellow background (WCAG AA 4.5:1).
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      data-testid="verify-email-alert"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('verifyEmail.hint', { email: data.email })}</Text>
        <Button size="xs" onClick={onResend} loading={resend.isPending}>
          {t('verifyEmail.resend')}
        </Button>
      </Stack>
    </Alert>
  );
}
