import type { FormEvent } from 'react';
import { Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmailSchema } from '#shared/schemas/users.ts';
import { QueryState } from '#app/ui/query-state.tsx';
import { showMessage } from '#app/ui/message-banner.ts';
import { useChangeEmail } from '../api/account-mutations.ts';
import { emailQuery } from '../api/account-queries.ts';
import { splitApiError } from '../api/form-errors.ts';
import { AccountPanel } from './account-panel.tsx';
import { FormActions } from './form-actions.tsx';
import { useFormState } from './use-form-state.ts';

/** The e-mail is changed alone (SPEC.md §3); the new address must be confirmed through a mailed link. */
export function EmailEditPanel({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const query = useQuery(emailQuery(userId));
  return (
    <AccountPanel title={t('emailEdit.title')} description={t('emailEdit.description')}>
      <QueryState query={query}>{(status) => <EmailEditForm userId={userId} currentEmail={status.email} />}</QueryState>
    </AccountPanel>
  );
}

function EmailEditForm({ userId, currentEmail }: { userId: string; currentEmail: string }) {
  const { t } = useTranslation(['account', 'validation']);
  const navigate = useNavigate();
  const form = useFormState<'email'>({ email: '' });
  const change = useChangeEmail(userId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const email = form.values.email.trim();
    const parsed = EmailSchema.safeParse(email);
    if (!email) return form.showErrors({ email: t('validation:required') });
    if (!parsed.success) return form.showErrors({ email: t('validation:invalidEmail') });
    if (parsed.data.toLowerCase() === currentEmail.toLowerCase()) return form.showErrors({ email: t('emailEdit.sameAsCurrent') });
    change.mutate(parsed.data, {
      onSuccess: (answer) => {
        // 200 { warning }: the address changed, but the mail could not be sent (the dashboard notice can resend it).
        if (answer?.warning) showMessage({ type: 'warning', message: answer.warning, timeout: false });
        else showMessage({ type: 'success', message: t('emailEdit.success', { email: parsed.data }) });
        void navigate({ to: '/dashboard/security' });
      },
      onError: (error) => {
        const { fields, general } = splitApiError(error, { email: 'email' }, t('errors.network'));
        form.showErrors(fields);
        for (const message of general) showMessage({ type: 'error', message });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate ref={form.formRef}>
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
          {...form.field('email')}
        />
        <FormActions submitLabel={t('emailEdit.submit')} pending={change.isPending} />
      </Stack>
    </form>
  );
}
