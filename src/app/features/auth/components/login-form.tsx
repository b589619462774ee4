import { useEffect, useState } from 'react';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { SecondStepMethod } from '#shared/schemas/security.ts';
import type { AuthResponse } from '#shared/schemas/users.ts';
import type { FormMessage } from '#app/lib/form-errors.ts';
import { login, prefetchSessionSchemas } from '#app/lib/session-api.ts';
import { whenIdle } from '#app/lib/use-idle.ts';
import { useFormState } from '#app/lib/use-form-state.ts';
import { PasswordInput } from '#app/ui/password-input.tsx';
import { afterLoginHref } from '../redirect.ts';
import { validateLogin, type LoginValues } from '../login-checks.ts';
import { AuthCard } from './auth-card.tsx';
import { FormAlert } from './form-alert.tsx';
import { PasskeyButton } from './passkey-button.tsx';
import { SecondStepForm } from './second-step-form.tsx';

const EMPTY: LoginValues = { email: '', password: '' };
const SERVER_FIELDS = { email: 'email', username: 'email', password: 'password' } as const satisfies Record<string, keyof LoginValues>;

export function LoginForm({ redirectTo }: { redirectTo?: string }) {
  const { t } = useTranslation(['auth', 'validation']);
  const navigate = useNavigate();
  const [alertMessages, setAlertMessages] = useState<FormMessage[]>([]);
  const form = useFormState({ initialValues: EMPTY, validate: validateLogin });
  const [secondStep, setSecondStep] = useState<SecondStepMethod[] | null>(null);
  // What the answer is read with, fetched once the page is idle rather than on the first paint's path.
  useEffect(() => whenIdle(prefetchSessionSchemas), []);

  // Issue 31: a staff account without a second factor enrols one first.
  const signedIn = (auth: AuthResponse) =>
    auth.secondFactorRequired
      ? navigate({ to: '/dashboard/second-factor', search: { redirect: redirectTo } })
      : navigate({ href: afterLoginHref(redirectTo, auth.isStaff) });
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (answer) => ('secondStep' in answer ? setSecondStep(answer.secondStep) : signedIn(answer)),
    onError: (error) => form.showApiError(error, SERVER_FIELDS, setAlertMessages),
  });

  const submit = form.onSubmit((values) => {
    if (mutation.isPending) return;
    setAlertMessages([]);
    mutation.mutate({ email: values.email.trim(), password: values.password });
  });

  return (
    <AuthCard
      title={t('login.title')}
      lead={t('login.lead')}
      footer={
        <Trans
          t={t}
          i18nKey="login.noAccount"
          components={{ signup: <Anchor renderRoot={(props) => <Link {...props} to="/signup" search={{ redirect: redirectTo }} />} inherit fw={600} /> }}
        />
      }
    >
      {secondStep ? (
        <SecondStepForm methods={secondStep} onSignedIn={signedIn} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormAlert title={t('login.failed')} messages={alertMessages} />
            <TextInput {...form.textField('email')} type="email" label={t('fields.email')} autoComplete="email" required />
            <Stack gap={6}>
              <PasswordInput
                {...form.textField('password')}
                label={t('fields.password')}
                autoComplete="current-password"
                required
              />
              <Group justify="flex-end">
                <Anchor component={Link} to="/forgot-password/request" size="sm">
                  {t('login.forgotPassword')}
                </Anchor>
              </Group>
            </Stack>
            <Button type="submit" fullWidth size="md" loading={mutation.isPending}>
              {t('login.submit')}
            </Button>
            <PasskeyButton labelKey="auth:passkey.signIn" onSignedIn={signedIn} />
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
