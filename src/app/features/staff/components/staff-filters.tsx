import type { ReactNode } from 'react';
import { Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '#app/ui/date-field.tsx';
import type { StaffSearch } from '../staff-search.ts';

export type SearchChange = (changes: Partial<StaffSearch>) => void;

/** A row of filters above a table; any change goes back to the first page. */
export function FilterBar({ children }: { children: ReactNode }) {
  const { t } = useTranslation('staff');
  return (
    <Group component="form" role="search" aria-label={t('filters.label')} gap="sm" align="flex-end" wrap="wrap" onSubmit={(event) => event.preventDefault()}>
      {children}
    </Group>
  );
}

/** A choice filter: "All" clears it. */
export function ChoiceFilter({ label, value, options, onChange }: { label: string; value: string | undefined; options: { value: string; label: string }[]; onChange: (value: string | undefined) => void }) {
  const { t } = useTranslation('staff');
  return (
    <Select
      label={label}
      data={[{ value: '', label: t('filters.all') }, ...options]}
      value={value ?? ''}
      onChange={(next) => onChange(next || undefined)}
      allowDeselect={false}
      w={{ base: '100%', xs: 200 }}
    />
  );
}

/** A day filter, typed in the interface language's order (not the browser's, as a native date input would). */
export function DayFilter({ label, value, onChange }: { label: string; value: string | undefined; onChange: (value: string | undefined) => void }) {
  return <DateField label={label} value={value ?? ''} onChange={(day) => onChange(day || undefined)} w={{ base: '100%', xs: 170 }} />;
}

/** A text filter applied when the user stops typing (Enter at once). */
export function TextFilter({ label, value, onChange, description }: { label: string; value: string | undefined; onChange: (value: string | undefined) => void; description?: string }) {
  return (
    <TextInput
      type="search"
      label={label}
      description={description}
      defaultValue={value ?? ''}
      onBlur={(event) => onChange(event.currentTarget.value.trim() || undefined)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onChange(event.currentTarget.value.trim() || undefined);
      }}
      w={{ base: '100%', sm: 320 }}
    />
  );
}
