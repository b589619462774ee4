import type { FormEvent } from 'react';
import { PasswordInput, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, passwordProblems } from '#shared/passwords/rules.ts';
import { showMessage } from '#app/ui/message-banner.ts';
import { useChangePassword } from '../api/account-mutations.ts';
import { emailQuery } from '../api/account-queries.ts';
import { splitApiError } from '../api/form-errors.ts';
import { AccountPanel } from './account-panel.tsx';
import { FormActions } from './form-actions.tsx';
import { useFormState } from './use-form-state.ts';

type PasswordField = 'oldPassword' | 'newPassword1' | 'newPassword2';
const API_FIELDS: Record<PasswordField, string> = {
  oldPassword: 'old_password',
  newPassword1: 'new_password1',
  newPassword2: 'new_password2',
};

/** "validation.passwordTooShort" (the shared rules' key) → "validation:passwordTooShort" (the namespace the client loads). */
const validationKey = (key: string) => key.replace(/^validation\./, 'validation:');

export function PasswordEditPanel({ userId }: { userId: string }) {
  const { t } = useTranslation(['account', 'validation']);
  const navigate = useNavigate();
  // The e-mail feeds the "too similar" rule; the form works (the server checks it too) while it loads.
  const email = useQuery(emailQuery(userId)).data?.email;
  const form = useFormState<PasswordField>({ oldPassword: '', newPassword1: '', newPassword2: '' });
  const change = useChangePassword(userId);

  /** The same rules the server applies (src/shared/passwords/rules.ts), checked before any call. */
  const clientErrors = (): Partial<Record<PasswordField, string>> => {
    const { oldPassword, newPassword1, newPassword2 } = form.values;
    const errors: Partial<Record<PasswordField, string>> = {};
    if (!oldPassword) errors.oldPassword = t('validation:required');
    if (!newPassword1) errors.newPassword1 = t('validation:required');
    else {
      const problems = passwordProblems(newPassword1, email);
      if (problems.length > 0) errors.newPassword1 = problems.map((key) => t(validationKey(key))).join(' ');
    }
    if (!newPassword2) errors.newPassword2 = t('validation:required');
    else if (newPassword1 && newPassword2 !== newPassword1) errors.newPassword2 = t('validation:passwordMismatch');
    return errors;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = clientErrors();
    if (Object.keys(errors).length > 0) return form.showErrors(errors);
    change.mutate(form.values, {
      onSuccess: ({ message }) => {
        showMessage({ type: 'success', message });
        void navigate({ to: '/dashboard/security' });
      },
      onError: (error) => {
        const { fields, general } = splitApiError(error, API_FIELDS, t('errors.network'));
        form.showErrors(fields);
        for (const message of general) showMessage({ type: 'error', message });
      },
    });
  };

  const toggle = { 'aria-label': t('passwordEdit.toggleVisibility') };
  return (
    <AccountPanel title={t('passwordEdit.title')} description={t('passwordEdit.description')}>
      <form onSubmit={onSubmit} noValidate ref={form.formRef}>
        <Stack gap="lg">
          {/* Lets password managers know whose password this is. */}
          <input type="email" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
          <PasswordInput
            label={t('passwordEdit.oldPassword')}
            required
            autoComplete="current-password"
            maxLength={PASSWORD_MAX_LENGTH}
            visibilityToggleFocusable
            visibilityToggleButtonProps={toggle}
            {...form.field('oldPassword')}
          />
          <PasswordInput
            label={t('passwordEdit.newPassword1')}
            description={t('passwordEdit.newPassword1Hint')}
            required
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            visibilityToggleFocusable
            visibilityToggleButtonProps={toggle}
            {...form.field('newPassword1')}
          />
          <PasswordInput
            label={t('passwordEdit.newPassword2')}
            required
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            visibilityToggleFocusable
            visibilityToggleButtonProps={toggle}
            {...form.field('newPassword2')}
          />
          <FormActions submitLabel={t('passwordEdit.submit')} pending={change.isPending} />
        </Stack>
      </form>
    </AccountPanel>
  );
}
