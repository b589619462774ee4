import { Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmailSchema } from '#shared/schemas/users.ts';
import { useFormState } from '#app/lib/use-form-state.ts';
import { showErrorMessages, showMessage } from '#app/ui/message-banner.ts';
import { QueryState } from '#app/ui/query-state.tsx';
import { useChangeEmail } from '../api/account-mutations.ts';
import { emailQuery } from '../api/account-queries.ts';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { FormActions } from './form-actions.tsx';

/** Translation keys of what is wrong with the typed address: empty, not an address, or the current one. */
function checkNewEmail(typed: string, currentEmail: string): string[] {
  const email = typed.trim();
  if (!email) return ['validation:required'];
  const parsed = EmailSchema.safeParse(email);
  if (!parsed.success) return ['validation:invalidEmail'];
  return parsed.data.toLowerCase() === currentEmail.toLowerCase() ? ['account:emailEdit.sameAsCurrent'] : [];
}

/** The e-mail is changed alone (docs/product.md §3); the new address must be confirmed through a mailed link. */
export function EmailEditPanel({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const query = useQuery(emailQuery(userId));
  return (
    <ScreenPanel title={t('emailEdit.title')} description={t('emailEdit.description')}>
      <QueryState query={query}>{(status) => <EmailEditForm userId={userId} currentEmail={status.email} />}</QueryState>
    </ScreenPanel>
  );
}

function EmailEditForm({ userId, currentEmail }: { userId: string; currentEmail: string }) {
  const { t } = useTranslation(['account', 'validation']);
  const navigate = useNavigate();
  const form = useFormState({
    initialValues: { email: '' },
    validate: ({ email }) => ({ email: checkNewEmail(email, currentEmail) }),
  });
  const change = useChangeEmail(userId);

  const onSubmit = form.onSubmit((values) => {
    const email = values.email.trim();
    change.mutate(email, {
      onSuccess: () => {
        showMessage({ type: 'success', message: t('emailEdit.success', { email }) });
        void navigate({ to: '/dashboard/security' });
      },
      onError: (error) => form.showApiError(error, { email: 'email' }, showErrorMessages),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <TextInput
          type="email"
          label={t('emailEdit.newEmail')}
          description={t('emailEdit.current', { email: currentEmail })}
          required
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          data-autofocus
          {...form.textField('email')}
        />
        <FormActions submitLabel={t('emailEdit.submit')} pending={change.isPending} />
      </Stack>
    </form>
  );
}
