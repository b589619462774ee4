import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { staffUsersQuery } from '../api/staff-records.ts';

export interface UserChoice {
  id: string;
  label: string;
}

/** Pick the user a new order is for: the server searches as staff type (name, e-mail, CPF/CNPJ or clinic). */
export function UserPicker({ value, onChange, error }: { value: UserChoice | null; onChange: (user: UserChoice | null) => void; error?: string }) {
  const { t } = useTranslation('staff');
  const [typed, setTyped] = useState(value?.label ?? '');
  const [q] = useDebouncedValue(typed.trim(), 250);
  const users = useQuery({ ...staffUsersQuery({ q: q || undefined }), enabled: q.length >= 2 });
  const options = (users.data?.row ?? []).map((user) => ({ value: user.id, label: user.name ? `${user.name} · ${user.email}` : user.email }));
  // The chosen user stays an option while a new search is on its way.
  if (value && !options.some((option) => option.value === value.id)) options.unshift({ value: value.id, label: value.label });
  return (
    <Select
      label={t('orders.client')}
      description={t('orders.clientHelp')}
      placeholder={t('orders.clientPlaceholder')}
      required
      searchable
      data={options}
      value={value?.id ?? null}
      searchValue={typed}
      onSearchChange={setTyped}
      filter={({ options: found }) => found}
      nothingFoundMessage={q.length >= 2 && users.isSuccess ? t('orders.clientNone') : undefined}
      onChange={(id, option) => onChange(id && option ? { id, label: option.label } : null)}
      error={error}
    />
  );
}
