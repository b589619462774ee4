import type { FormEvent } from 'react';
import { Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatPhone, normalizePhone } from '#shared/brazil/phone.ts';
import { QueryState } from '#app/ui/query-state.tsx';
import { showMessage } from '#app/ui/message-banner.ts';
import { useChangePhone } from '../api/account-mutations.ts';
import { phoneQuery } from '../api/account-queries.ts';
import { splitApiError } from '../api/form-errors.ts';
import { AccountPanel } from './account-panel.tsx';
import { FormActions } from './form-actions.tsx';
import { useFormState } from './use-form-state.ts';

export function PhoneEditPanel({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const query = useQuery(phoneQuery(userId));
  return (
    <AccountPanel title={t('phoneEdit.title')} description={t('phoneEdit.description')}>
      <QueryState query={query}>{(status) => <PhoneEditForm userId={userId} currentPhone={status.phone} />}</QueryState>
    </AccountPanel>
  );
}

/** Accepts "+55 (11) 98765-4321", "(11) 98765-4321" and the like; shows it formatted (SPEC.md §5) and sends E.164. */
function PhoneEditForm({ userId, currentPhone }: { userId: string; currentPhone: string }) {
  const { t } = useTranslation(['account', 'validation']);
  const navigate = useNavigate();
  const form = useFormState<'phone'>({ phone: currentPhone ? formatPhone(currentPhone) : '' });
  const change = useChangePhone(userId);

  const onBlur = () => {
    const normalized = normalizePhone(form.values.phone);
    if (normalized) form.setValues({ phone: formatPhone(normalized) });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = form.values.phone.trim();
    if (!typed) return form.showErrors({ phone: t('validation:required') });
    const phone = normalizePhone(typed);
    if (!phone) return form.showErrors({ phone: t('validation:invalidPhone') });
    form.setValues({ phone: formatPhone(phone) });
    change.mutate(phone, {
      onSuccess: () => {
        showMessage({ type: 'success', message: t('phoneEdit.success') });
        void navigate({ to: '/dashboard/security' });
      },
      onError: (error) => {
        const { fields, general } = splitApiError(error, { phone: 'phone' }, t('errors.network'));
        form.showErrors(fields);
        for (const message of general) showMessage({ type: 'error', message });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate ref={form.formRef}>
      <Stack gap="lg">
        <TextInput
          type="tel"
          label={t('phoneEdit.label')}
          description={t('phoneEdit.hint')}
          required
          autoComplete="tel"
          inputMode="tel"
          maxLength={25}
          {...form.field('phone')}
          onBlur={onBlur}
        />
        <FormActions submitLabel={t('phoneEdit.submit')} pending={change.isPending} />
      </Stack>
    </form>
  );
}
