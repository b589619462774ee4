import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, passwordProblems } from '#shared/passwords/rules.ts';
import { useFormState } from '#app/lib/use-form-state.ts';
import { showErrorMessages, showMessage } from '#app/ui/message-banner.ts';
import { PasswordInput } from '#app/ui/password-input.tsx';
import { useChangePassword } from '../api/account-mutations.ts';
import { emailQuery } from '../api/account-queries.ts';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { FormActions } from './form-actions.tsx';

type PasswordValues = { oldPassword: string; newPassword1: string; newPassword2: string };
const EMPTY: PasswordValues = { oldPassword: '', newPassword1: '', newPassword2: '' };
const SERVER_FIELDS = {
  oldPassword: 'oldPassword',
  newPassword1: 'newPassword1',
  newPassword2: 'newPassword2',
} as const satisfies Record<string, keyof PasswordValues>;
const REQUIRED = ['validation:required'];

/** "validation.passwordTooShort" (the shared rules' key) → "validation:passwordTooShort" (the namespace the client loads). */
const validationKey = (key: string) => key.replace(/^validation\./, 'validation:');

/** The same rules the server applies (src/shared/passwords/rules.ts), checked before any call: translation keys per field. */
function checkPasswords({ oldPassword, newPassword1, newPassword2 }: PasswordValues, email: string | undefined) {
  return {
    oldPassword: oldPassword ? [] : REQUIRED,
    newPassword1: newPassword1 ? passwordProblems(newPassword1, email).map(validationKey) : REQUIRED,
    newPassword2: !newPassword2 ? REQUIRED : newPassword1 && newPassword2 !== newPassword1 ? ['validation:passwordMismatch'] : [],
  };
}

export function PasswordEditPanel({ userId }: { userId: string }) {
  const { t } = useTranslation(['account', 'validation']);
  const navigate = useNavigate();
  // The e-mail feeds the "too similar" rule; the form works (the server checks it too) while it loads.
  const email = useQuery(emailQuery(userId)).data?.email;
  const form = useFormState({
    initialValues: EMPTY,
    validate: (values) => checkPasswords(values, email),
    dependents: { newPassword1: ['newPassword2'] },
  });
  const change = useChangePassword(userId);

  const onSubmit = form.onSubmit((values) =>
    change.mutate(values, {
      onSuccess: ({ message }) => {
        showMessage({ type: 'success', message });
        void navigate({ to: '/dashboard/security' });
      },
      onError: (error) => form.showApiError(error, SERVER_FIELDS, showErrorMessages),
    }),
  );

  return (
    <ScreenPanel title={t('passwordEdit.title')} description={t('passwordEdit.description')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          {/* Lets password managers know whose password this is. */}
          <input type="email" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
          <PasswordInput
            label={t('passwordEdit.oldPassword')}
            required
            autoComplete="current-password"
            maxLength={PASSWORD_MAX_LENGTH}
            {...form.textField('oldPassword')}
          />
          <PasswordInput
            label={t('passwordEdit.newPassword1')}
            description={t('passwordEdit.newPassword1Hint')}
            required
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            {...form.textField('newPassword1')}
          />
          <PasswordInput
            label={t('passwordEdit.newPassword2')}
            required
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            {...form.textField('newPassword2')}
          />
          <FormActions submitLabel={t('passwordEdit.submit')} pending={change.isPending} />
        </Stack>
      </form>
    </ScreenPanel>
  );
}
