import { useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { staffUsersQuery } from '../api/staff-records.ts';

export interface UserChoice {
  id: string;
  label: string;
}

/**
 * Pick a person: the server searches as staff type (name, e-mail, CPF/CNPJ or clinic). By default the user a new
 * order is for; `staffOnly` offers staff members only (the audit log's filter), and the texts can be the caller's.
 */
export function UserPicker({
  value,
  onChange,
  error,
  staffOnly = false,
  texts,
  ...props
}: {
  value: UserChoice | null;
  onChange: (user: UserChoice | null) => void;
  error?: string;
  staffOnly?: boolean;
  texts?: { label: string; description: string; placeholder: string; none: string };
  'data-autofocus'?: boolean;
} & Pick<SelectProps, 'required' | 'clearable' | 'w'>) {
  const { t } = useTranslation('staff');
  const [typed, setTyped] = useState(value?.label ?? '');
  const [q] = useDebouncedValue(typed.trim(), 250);
  const users = useQuery({ ...staffUsersQuery({ q: q || undefined }), enabled: q.length >= 2 });
  const found = (users.data?.row ?? []).filter((user) => !staffOnly || user.isStaff);
  const options = found.map((user) => ({ value: user.id, label: user.name ? `${user.name} · ${user.email}` : user.email }));
  const words = texts ?? { label: t('orders.client'), description: t('orders.clientHelp'), placeholder: t('orders.clientPlaceholder'), none: t('orders.clientNone') };
  // The chosen user stays an option while a new search is on its way.
  if (value && !options.some((option) => option.value === value.id)) options.unshift({ value: value.id, label: value.label });
  return (
    <Select
      label={words.label}
      description={words.description}
      placeholder={words.placeholder}
      searchable
      data={options}
      value={value?.id ?? null}
      searchValue={typed}
      onSearchChange={setTyped}
      filter={({ options: found }) => found}
      nothingFoundMessage={q.length >= 2 && users.isSuccess ? words.none : undefined}
      onChange={(id, option) => {
        if (!id) setTyped('');
        onChange(id && option ? { id, label: option.label } : null);
      }}
      error={error}
      {...props}
    />
  );
}
