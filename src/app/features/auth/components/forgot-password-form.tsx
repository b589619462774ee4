import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { FormMessage } from '#app/lib/form-errors.ts';
import { useFormState } from '#app/lib/use-form-state.ts';
import { requestPasswordReset } from '../api/auth-api.ts';
import { validateForgotPassword, type ForgotPasswordValues } from '../field-checks.ts';
import { AuthCard } from './auth-card.tsx';
import { FormAlert } from './form-alert.tsx';

const EMPTY: ForgotPasswordValues = { email: '' };
const SERVER_FIELDS = { email: 'email' } as const satisfies Record<string, keyof ForgotPasswordValues>;

/** Asks for a reset link. The answer never says whether the address has an account. */
export function ForgotPasswordForm() {
  const { t } = useTranslation(['auth', 'validation']);
  const [alertMessages, setAlertMessages] = useState<FormMessage[]>([]);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useFormState({ initialValues: EMPTY, validate: validateForgotPassword });

  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: (_answer, email) => setSentTo(email),
    onError: (error) => form.showApiError(error, SERVER_FIELDS, setAlertMessages),
  });

  const submit = form.onSubmit((values) => {
    if (mutation.isPending) return;
    setAlertMessages([]);
    mutation.mutate(values.email.trim());
  });

  const backToLogin = (
    <Anchor component={Link} to="/login" inherit fw={600}>
      {t('forgot.backToLogin')}
    </Anchor>
  );

  if (sentTo !== null) {
    return (
      <AuthCard title={t('forgot.sentTitle')} footer={backToLogin}>
        <Alert color="teal" variant="light" icon={<IconMailCheck aria-hidden="true" />} role="status">
          <Stack gap="xs">
            <Text size="sm">{t('forgot.sent', { email: sentTo })}</Text>
            <Text size="sm">{t('forgot.sentHint')}</Text>
          </Stack>
        </Alert>
        <Group justify="center">
          <Button
            variant="default"
            onClick={() => {
              mutation.reset();
              setSentTo(null);
            }}
          >
            {t('forgot.tryAgain')}
          </Button>
        </Group>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('forgot.title')} lead={t('forgot.lead')} footer={backToLogin}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert title={t('forgot.failed')} messages={alertMessages} />
          <TextInput {...form.textField('email')} type="email" label={t('fields.email')} autoComplete="email" required />
          <Button type="submit" fullWidth size="md" loading={mutation.isPending}>
            {t('forgot.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
