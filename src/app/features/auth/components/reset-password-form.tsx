import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '#app/lib/api-client.ts';
import { splitApiError, type FormMessage } from '#app/lib/form-errors.ts';
import { clearAuthState, useAuth } from '#app/lib/session.ts';
import { useFormState } from '#app/lib/use-form-state.ts';
import { PasswordInput } from '#app/ui/password-input.tsx';
import { confirmPasswordReset } from '../api/auth-api.ts';
import { validateResetPassword, type ResetPasswordValues } from '../validation.ts';
import { AuthCard } from './auth-card.tsx';
import { FormAlert } from './form-alert.tsx';

const EMPTY: ResetPasswordValues = { newPassword: '', newPasswordConfirm: '' };
/** The server checks the rules on new_password2 (after checking both match, as the form already did). */
const SERVER_FIELDS = {
  newPassword1: 'newPassword',
  newPassword2: 'newPassword',
} as const satisfies Record<string, keyof ResetPasswordValues>;
const LINK_ERRORS = new Set([400, 404, 409]);

interface ResetPasswordFormProps {
  uid: string;
  token: string | undefined;
}

/** The link is incomplete, expired or used: the server's words when there are some, and the way to a new link. */
function InvalidLink({ messages }: { messages: FormMessage[] }) {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('reset.invalidTitle')}>
      {messages.length > 0 && <FormAlert title={t('reset.failed')} messages={messages} />}
      <Text size="sm">{t('reset.invalidLink')}</Text>
      <Button component={Link} to="/forgot-password/request" fullWidth size="md">
        {t('reset.requestNew')}
      </Button>
    </AuthCard>
  );
}

export function ResetPasswordForm({ uid, token }: ResetPasswordFormProps) {
  const { t } = useTranslation(['auth', 'validation']);
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [alertMessages, setAlertMessages] = useState<FormMessage[]>([]);
  const [linkFailure, setLinkFailure] = useState<FormMessage[] | null>(null);
  const form = useFormState({
    initialValues: EMPTY,
    validate: validateResetPassword,
    dependents: { newPassword: ['newPasswordConfirm'] },
  });

  const mutation = useMutation({
    mutationFn: (values: ResetPasswordValues) =>
      confirmPasswordReset(uid, { token: token ?? '', newPassword1: values.newPassword, newPassword2: values.newPasswordConfirm }),
    onSuccess: () => {
      // The server ended every session of this user; if one was this browser's, forget it here too.
      if (auth?.id === uid) {
        clearAuthState();
        queryClient.clear();
      }
    },
    onError: (error) => {
      const { fields, general } = splitApiError(error, SERVER_FIELDS);
      if (Object.keys(fields).length > 0) {
        setAlertMessages(general);
        form.showErrors(fields);
      } else if (error instanceof ApiError && LINK_ERRORS.has(error.status)) {
        setLinkFailure(general);
      } else {
        setAlertMessages(general);
      }
    },
  });

  const submit = form.onSubmit((values) => {
    if (mutation.isPending) return;
    setAlertMessages([]);
    mutation.mutate(values);
  });

  if (!token || !z.uuid().safeParse(uid).success) return <InvalidLink messages={[]} />;
  if (linkFailure) return <InvalidLink messages={linkFailure} />;

  if (mutation.isSuccess) {
    return (
      <AuthCard title={t('reset.successTitle')}>
        <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden="true" />} role="status">
          {t('reset.success')}
        </Alert>
        <Button component={Link} to="/login" fullWidth size="md">
          {t('reset.login')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} lead={t('reset.lead')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert title={t('reset.failed')} messages={alertMessages} />
          <PasswordInput
            {...form.textField('newPassword')}
            label={t('fields.newPassword')}
            description={t('fields.passwordHint')}
            autoComplete="new-password"
            required
          />
          <PasswordInput
            {...form.textField('newPasswordConfirm')}
            label={t('fields.newPasswordConfirm')}
            autoComplete="new-password"
            required
          />
          <Button type="submit" fullWidth size="md" loading={mutation.isPending}>
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
