import { Anchor, Code, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUDIT_RECORD_TYPES, type AuditEntry } from '#shared/schemas/staff-audit.ts';
import { QueryState } from '#app/ui/query-state.tsx';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { staffAuditQuery } from '../api/staff-records.ts';
import { useStaffFormat } from '../format.ts';
import type { StaffSearch } from '../staff-search.ts';
import { ChoiceFilter, DayFilter, FilterBar, TextFilter, type SearchChange } from './staff-filters.tsx';
import { StaffTable } from './staff-table.tsx';

const values = (value: AuditEntry['before']) => (value ? Object.entries(value).map(([key, item]) => `${key}: ${JSON.stringify(item)}`).join('\n') : '—');

/** Every staff action and download, newest first: who, when, what, which record, before and after. */
export function AuditScreen({ search, onSearch }: { search: StaffSearch; onSearch: SearchChange }) {
  const { t } = useTranslation('staff');
  const format = useStaffFormat();
  const query = useQuery(staffAuditQuery(search));
  return (
    <ScreenPanel title={t('audit.title')} description={t('audit.description')}>
      <FilterBar>
        <TextFilter label={t('audit.staffId')} value={search.staff} onChange={(staff) => onSearch({ staff, page: undefined })} />
        <ChoiceFilter
          label={t('audit.recordType')}
          value={search.status}
          options={AUDIT_RECORD_TYPES.map((type) => ({ value: type, label: t(`audit.recordTypes.${type}`) }))}
          onChange={(status) => onSearch({ status, page: undefined })}
        />
        <TextFilter label={t('audit.recordId')} value={search.record} onChange={(record) => onSearch({ record, page: undefined })} />
        <DayFilter label={t('filters.from')} value={search.from} onChange={(from) => onSearch({ from, page: undefined })} />
        <DayFilter label={t('filters.to')} value={search.to} onChange={(to) => onSearch({ to, page: undefined })} />
      </FilterBar>
      <QueryState query={query}>
        {(list) => (
          <StaffTable<AuditEntry>
            label={t('audit.tableLabel')}
            list={list}
            fetching={query.isFetching}
            search={search}
            onSearch={onSearch}
            columns={[
              { accessor: 'at', title: t('audit.at'), render: (entry) => format.date(entry.at) },
              {
                accessor: 'staffName',
                title: t('audit.staff'),
                render: (entry) => (
                  <Anchor component="button" type="button" size="sm" onClick={() => onSearch({ staff: entry.staffId, page: undefined })} aria-label={t('audit.onlyThisStaff', { name: entry.staffName || entry.staffEmail })}>
                    {entry.staffName || entry.staffEmail}
                  </Anchor>
                ),
              },
              { accessor: 'action', title: t('audit.action'), render: (entry) => t(`audit.actions.${entry.action}`) },
              {
                accessor: 'recordId',
                title: t('audit.record'),
                render: (entry) => (
                  <Text size="xs">
                    {t(`audit.recordTypes.${entry.recordType}`)} <Code>{entry.recordId.slice(0, 8)}</Code>
                  </Text>
                ),
              },
              { accessor: 'before', title: t('audit.before'), render: (entry) => <Code block>{values(entry.before)}</Code> },
              { accessor: 'after', title: t('audit.after'), render: (entry) => <Code block>{values(entry.after)}</Code> },
            ]}
          />
        )}
      </QueryState>
    </ScreenPanel>
  );
}
