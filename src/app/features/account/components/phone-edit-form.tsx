import { Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatPhone, normalizePhone } from '#shared/brazil/phone.ts';
import { useFormState } from '#app/lib/use-form-state.ts';
import { showErrorMessages, showMessage } from '#app/ui/message-banner.ts';
import { QueryState } from '#app/ui/query-state.tsx';
import { useChangePhone } from '../api/account-mutations.ts';
import { phoneQuery } from '../api/account-queries.ts';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { FormActions } from './form-actions.tsx';

/** Translation keys of what is wrong with the typed number: empty, or not a phone number. */
const checkPhone = (typed: string) => (!typed.trim() ? ['validation:required'] : normalizePhone(typed) ? [] : ['validation:invalidPhone']);

export function PhoneEditPanel({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const query = useQuery(phoneQuery(userId));
  return (
    <ScreenPanel title={t('phoneEdit.title')} description={t('phoneEdit.description')}>
      <QueryState query={query}>{(status) => <PhoneEditForm userId={userId} currentPhone={status.phone} />}</QueryState>
    </ScreenPanel>
  );
}

/** Accepts "+55 (11) 98765-4321", "(11) 98765-4321" and the like; shows it formatted (docs/product.md §5) and sends E.164. */
function PhoneEditForm({ userId, currentPhone }: { userId: string; currentPhone: string }) {
  const { t } = useTranslation(['account', 'validation']);
  const navigate = useNavigate();
  const form = useFormState({
    initialValues: { phone: currentPhone ? formatPhone(currentPhone) : '' },
    validate: ({ phone }) => ({ phone: checkPhone(phone) }),
  });
  const change = useChangePhone(userId);

  const onBlur = () => {
    const normalized = normalizePhone(form.values.phone);
    if (normalized) form.setValues({ phone: formatPhone(normalized) });
  };

  const onSubmit = form.onSubmit((values) => {
    const phone = normalizePhone(values.phone)!;
    form.setValues({ phone: formatPhone(phone) });
    change.mutate(phone, {
      onSuccess: () => {
        showMessage({ type: 'success', message: t('phoneEdit.success') });
        void navigate({ to: '/dashboard/security' });
      },
      onError: (error) => form.showApiError(error, { phone: 'phone' }, showErrorMessages),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <TextInput
          type="tel"
          label={t('phoneEdit.label')}
          description={t('phoneEdit.hint')}
          required
          autoComplete="tel"
          inputMode="tel"
          maxLength={25}
          {...form.textField('phone')}
          onBlur={onBlur}
        />
        <FormActions submitLabel={t('phoneEdit.submit')} pending={change.isPending} />
      </Stack>
    </form>
  );
}
