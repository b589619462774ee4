import { useState, type ReactNode } from 'react';
import { Anchor, Button, Checkbox, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { FormMessage } from '#app/lib/form-errors.ts';
import { useFormState } from '#app/lib/use-form-state.ts';
import { showMessage } from '#app/ui/message-banner.ts';
import { PasswordInput } from '#app/ui/password-input.tsx';
import { register } from '../api/auth-api.ts';
import { afterLoginHref } from '../redirect.ts';
import { validateSignup, type SignupValues } from '../validation.ts';
import { AuthCard } from './auth-card.tsx';
import { FormAlert } from './form-alert.tsx';

const EMPTY: SignupValues = { name: '', email: '', confirmedEmail: '', password: '', passwordConfirm: '', acceptTerms: false };

/** The API's field names (v1's) → the form's. The server reports password rules under password2; they concern the password. */
const SERVER_FIELDS = {
  name: 'name',
  email: 'email',
  confirmedEmail: 'confirmedEmail',
  password1: 'password',
  password2: 'password',
  acceptTerms: 'acceptTerms',
} as const satisfies Record<string, keyof SignupValues>;

interface SignupFormProps {
  /** Where to go once the account exists (validated `?redirect=`); the profile otherwise. */
  redirectTo?: string;
  /** The terms-of-use document in the interface language; without one the label has no link. */
  termsUrl?: string;
}

function TermsLink({ href, children }: { href: string; children?: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit>
      {children}
      <VisuallyHidden> {t('signup.termsNewTab')}</VisuallyHidden>
    </Anchor>
  );
}

export function SignupForm({ redirectTo, termsUrl }: SignupFormProps) {
  const { t } = useTranslation(['auth', 'validation']);
  const navigate = useNavigate();
  const [alertMessages, setAlertMessages] = useState<FormMessage[]>([]);
  const form = useFormState({
    initialValues: EMPTY,
    validate: validateSignup,
    dependents: { email: ['confirmedEmail', 'password'], password: ['passwordConfirm'] },
  });

  const mutation = useMutation({
    mutationFn: register,
    onSuccess: async () => {
      showMessage({ type: 'success', message: t('signup.success') });
      await navigate({ href: afterLoginHref(redirectTo) });
    },
    onError: (error) => form.showApiError(error, SERVER_FIELDS, setAlertMessages),
  });

  const submit = form.onSubmit((values) => {
    if (mutation.isPending) return;
    setAlertMessages([]);
    mutation.mutate({
      name: values.name.trim(),
      email: values.email.trim(),
      confirmedEmail: values.confirmedEmail.trim(),
      password1: values.password,
      password2: values.passwordConfirm,
      acceptTerms: true,
    });
  });

  const termsLabel = (
    <Trans
      t={t}
      i18nKey="signup.acceptTerms"
      components={{ terms: termsUrl ? <TermsLink href={termsUrl} /> : <span />, privacy: <TermsLink href="/privacy" /> }}
    />
  );

  return (
    <AuthCard
      title={t('signup.title')}
      lead={t('signup.lead')}
      footer={
        <Trans
          t={t}
          i18nKey="signup.haveAccount"
          components={{ login: <Anchor renderRoot={(props) => <Link {...props} to="/login" search={{ redirect: redirectTo }} />} inherit fw={600} /> }}
        />
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert title={t('signup.failed')} messages={alertMessages} />
          <TextInput {...form.textField('name')} label={t('fields.name')} autoComplete="name" required />
          <TextInput {...form.textField('email')} type="email" label={t('fields.email')} autoComplete="email" required />
          <TextInput
            {...form.textField('confirmedEmail')}
            type="email"
            label={t('fields.confirmedEmail')}
            autoComplete="email"
            required
          />
          <PasswordInput
            {...form.textField('password')}
            label={t('fields.password')}
            description={t('fields.passwordHint')}
            autoComplete="new-password"
            required
          />
          <PasswordInput
            {...form.textField('passwordConfirm')}
            label={t('fields.passwordConfirm')}
            autoComplete="new-password"
            required
          />
          <Checkbox {...form.checkboxField('acceptTerms')} label={termsLabel} required />
          <Button type="submit" fullWidth size="md" loading={mutation.isPending}>
            {t('signup.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
