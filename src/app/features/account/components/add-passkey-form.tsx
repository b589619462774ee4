import { Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PasskeySummary } from '#shared/schemas/security.ts';
import { useFormState } from '#app/lib/use-form-state.ts';
import { showErrorMessages } from '#app/ui/message-banner.ts';
import { useAddPasskey } from '../api/security-api.ts';

const SERVER_FIELDS = { name: 'name' } as const;
const checkName = ({ name }: { name: string }) => ({ name: name.trim() ? [] : ['validation:required'] });

/** Names a new passkey and creates it in the browser (Security page, and the staff's enrolment screen). */
export function AddPasskeyForm({ userId, onAdded }: { userId: string; onAdded: (passkey: PasskeySummary) => void }) {
  const { t } = useTranslation(['account', 'validation']);
  const add = useAddPasskey(userId);
  const form = useFormState({ initialValues: { name: '' }, validate: checkName });
  const submit = form.onSubmit(({ name }) =>
    add.mutate(name.trim(), {
      onSuccess: (passkey) => {
        form.setValues({ name: '' });
        onAdded(passkey);
      },
      onError: (error) => form.showApiError(error, SERVER_FIELDS, (messages) => showErrorMessages(messages.length ? messages : [{ key: 'account:passkeys.failed' }])),
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm">
        <TextInput {...form.textField('name')} label={t('passkeys.name')} description={t('passkeys.nameHint')} maxLength={60} required />
        <Button type="submit" loading={add.isPending}>
          {t('passkeys.add')}
        </Button>
      </Group>
    </form>
  );
}
