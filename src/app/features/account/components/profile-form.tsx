import { useEffect } from 'react';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCnpj } from '#shared/brazil/cnpj.ts';
import { formatCpf } from '#shared/brazil/cpf.ts';
import { stripFormatting } from '#shared/brazil/digits.ts';
import { formatPhone } from '#shared/brazil/phone.ts';
import type { Profile } from '#shared/schemas/users.ts';
import { useFormState } from '#app/lib/use-form-state.ts';
import { QueryState } from '#app/ui/query-state.tsx';
import { showErrorMessages, showMessage } from '#app/ui/message-banner.ts';
import { useUpdateProfile } from '../api/account-mutations.ts';
import { profileQuery } from '../api/account-queries.ts';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';

const SERVER_FIELDS = { name: 'name', clinic: 'clinic', role: 'role', cnpj: 'cnpj' } as const;

/** docs/product.md §2 "Profile": e-mail, phone and CPF read-only; name, clinic, role and CNPJ editable; "Atualizar". */
export function ProfilePanel({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const query = useQuery(profileQuery(userId));
  return (
    <ScreenPanel title={t('profile.title')} description={t('profile.description')}>
      <QueryState query={query}>{(profile) => <ProfileForm userId={userId} profile={profile} />}</QueryState>
    </ScreenPanel>
  );
}

const profileValues = (profile: Profile) => ({ name: profile.name, clinic: profile.clinic, role: profile.role, cnpj: formatCnpj(profile.cnpj) });

function ProfileForm({ userId, profile }: { userId: string; profile: Profile }) {
  const { t } = useTranslation('account');
  const form = useFormState({ initialValues: profileValues(profile) });
  // A background refetch never overwrites what the user is typing, but replaces an untouched form's values:
  // the copy restored from this device's cache may be older than the server's (saved just before a reload).
  const { reseed } = form;
  useEffect(() => reseed(profileValues(profile)), [profile]); // eslint-disable-line react-hooks/exhaustive-deps
  const update = useUpdateProfile(userId);

  const onSubmit = form.onSubmit(({ name, clinic, role, cnpj }) => {
    // docs/product.md §5: the CNPJ goes without its formatting.
    update.mutate(
      { name, clinic, role, cnpj: stripFormatting(cnpj) },
      {
        onSuccess: () => {
          form.setValues((values) => ({ ...values, cnpj: formatCnpj(stripFormatting(values.cnpj)) }));
          showMessage({ type: 'success', message: t('profile.success') });
        },
        onError: (error) => form.showApiError(error, SERVER_FIELDS, showErrorMessages),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <ReadOnlyField label={t('fields.email')} value={profile.email} />
            <ReadOnlyField label={t('fields.phone')} value={profile.phone ? formatPhone(profile.phone) : ''} />
            <ReadOnlyField label={t('fields.cpf')} value={profile.cpf ? formatCpf(profile.cpf) : ''} />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('profile.readOnlyHint')}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('fields.name')} required autoComplete="name" maxLength={150} {...form.textField('name')} />
          <TextInput label={t('fields.clinic')} autoComplete="organization" maxLength={80} {...form.textField('clinic')} />
          <TextInput label={t('fields.role')} autoComplete="organization-title" maxLength={80} {...form.textField('role')} />
          {profile.billed?.includes('cnpj') ? (
            <ReadOnlyField label={t('fields.cnpj')} value={profile.cnpj} description={t('profile.cnpjBilled')} />
          ) : (
            <TextInput
              label={t('fields.cnpj')}
              description={t('profile.cnpjHint')}
              // The hint under the input keeps the inputs of this row aligned.
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...form.textField('cnpj')}
              onBlur={() => form.setValues((values) => ({ ...values, cnpj: formatCnpj(values.cnpj.trim()) }))}
            />
          )}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('profile.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ReadOnlyField({ label, value, description }: { label: string; value: string; description?: string }) {
  const { t } = useTranslation('account');
  return (
    <TextInput
      label={label}
      value={value}
      description={description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      placeholder={t('fields.notInformed')}
      readOnly
      variant="filled"
    />
  );
}
