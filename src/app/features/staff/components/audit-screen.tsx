import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, AUDIT_RECORD_TYPES, type AuditEntry } from '#shared/schemas/staff-audit.ts';
import { QueryState } from '#app/ui/query-state.tsx';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { staffAuditQuery, staffUserQuery } from '../api/staff-records.ts';
import { useStaffFormat } from '../format.ts';
import type { StaffSearch } from '../staff-search.ts';
import { AuditValues } from './audit-values.tsx';
import { RecordLink } from './record-link.tsx';
import { ChoiceFilter, DayFilter, FilterBar, type SearchChange } from './staff-filters.tsx';
import { StaffTable } from './staff-table.tsx';
import { UserPicker } from './user-picker.tsx';

/** The back-office pages a record has: an analysis's own, a user's; other records show their owner's. */
const PAGES: Partial<Record<AuditEntry['recordType'], 'analyses' | 'users'>> = { analysis: 'analyses', user: 'users' };

/** Every staff action and download, newest first: who, when, what, which record, before and after. */
export function AuditScreen({ search, onSearch }: { search: StaffSearch; onSearch: SearchChange }) {
  const { t } = useTranslation('staff');
  const format = useStaffFormat();
  const query = useQuery(staffAuditQuery(search));
  return (
    <ScreenPanel title={t('audit.title')} description={t('audit.description')}>
      <FilterBar>
        <PeopleFilters search={search} onSearch={onSearch} />
        <ChoiceFilter
          label={t('audit.recordType')}
          value={search.status}
          options={AUDIT_RECORD_TYPES.map((type) => ({ value: type, label: t(`audit.recordTypes.${type}`) }))}
          onChange={(status) => onSearch({ status, page: undefined })}
        />
        <ChoiceFilter
          label={t('audit.action')}
          value={search.action}
          options={AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`audit.actions.${action}`) }))}
          onChange={(action) => onSearch({ action, page: undefined })}
        />
        <DayFilter label={t('filters.from')} value={search.from} onChange={(from) => onSearch({ from, page: undefined })} />
        <DayFilter label={t('filters.to')} value={search.to} onChange={(to) => onSearch({ to, page: undefined })} />
      </FilterBar>
      <QueryState query={query}>
        {(list) => (
          <>
            {search.record && <OneRecord name={list.row[0] ? recordName(list.row[0]) : search.record.slice(0, 8)} onSearch={onSearch} />}
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
                { accessor: 'recordId', title: t('audit.record'), render: (entry) => <AuditRecord entry={entry} onSearch={onSearch} /> },
                { accessor: 'before', title: t('audit.before'), render: (entry) => <AuditValues values={entry.before} names={entry.names} /> },
                { accessor: 'after', title: t('audit.after'), render: (entry) => <AuditValues values={entry.after} names={entry.names} /> },
              ]}
            />
          </>
        )}
      </QueryState>
    </ScreenPanel>
  );
}

/** The record's name, or its short id once it no longer exists. */
const recordName = (entry: AuditEntry) => entry.recordName || entry.recordId.slice(0, 8);

/** A person filter: picked by name or e-mail (the URL keeps the id; the name is read back). */
function PersonFilter({ id, staffOnly, texts, onChange }: { id: string | undefined; staffOnly: boolean; texts: Record<'label' | 'description' | 'placeholder' | 'none', string>; onChange: (id: string | undefined) => void }) {
  const chosen = useQuery({ ...staffUserQuery(id ?? ''), enabled: !!id });
  const label = chosen.data ? (chosen.data.name ? `${chosen.data.name} · ${chosen.data.email}` : chosen.data.email) : '';
  return (
    <UserPicker
      // Read again once the chosen person's name arrives (a link or a reload carries only the id).
      key={`${id ?? ''}|${label}`}
      staffOnly={staffOnly}
      clearable
      texts={texts}
      value={id ? { id, label } : null}
      onChange={(user) => onChange(user?.id)}
      w={{ base: '100%', sm: 300 }}
    />
  );
}

/** Who acted (staff only) and whose records they acted on. */
function PeopleFilters({ search, onSearch }: { search: StaffSearch; onSearch: SearchChange }) {
  const { t } = useTranslation('staff');
  const words = (kind: 'staff' | 'client') => ({ label: t(`audit.${kind}`), description: t(`audit.${kind}Help`), placeholder: t('audit.personPlaceholder'), none: t(`audit.${kind}None`) });
  return (
    <>
      <PersonFilter id={search.staff} staffOnly texts={words('staff')} onChange={(staff) => onSearch({ staff, page: undefined })} />
      <PersonFilter id={search.client} staffOnly={false} texts={words('client')} onChange={(client) => onSearch({ client, page: undefined })} />
    </>
  );
}

/** What the record is, a link to its page (or its owner's), and a button narrowing the log to its history. */
function AuditRecord({ entry, onSearch }: { entry: AuditEntry; onSearch: SearchChange }) {
  const { t } = useTranslation('staff');
  const page = PAGES[entry.recordType];
  const name = recordName(entry);
  return (
    <Stack gap={2} align="flex-start">
      <Text size="xs" c="dimmed">
        {t(`audit.recordTypes.${entry.recordType}`)}
      </Text>
      {page && entry.recordName ? (
        <RecordLink section={page} id={entry.recordId} size="sm">
          {name}
        </RecordLink>
      ) : (
        <Text size="sm">{entry.recordName || t('audit.recordGone', { id: name })}</Text>
      )}
      {entry.owner && entry.recordType !== 'user' && (
        <Text size="xs">
          {t('audit.owner')}{' '}
          <RecordLink section="users" id={entry.owner.id} size="xs">
            {entry.owner.name}
          </RecordLink>
        </Text>
      )}
      <Anchor component="button" type="button" size="xs" onClick={() => onSearch({ record: entry.recordId, page: undefined })} aria-label={t('audit.onlyThisRecord', { name })}>
        {t('audit.history')}
      </Anchor>
    </Stack>
  );
}

/** Shown while the log is narrowed to one record's history. */
function OneRecord({ name, onSearch }: { name: string; onSearch: SearchChange }) {
  const { t } = useTranslation('staff');
  return (
    <Group gap="sm" mb="sm" wrap="wrap">
      <Text size="sm">{t('audit.recordHistory', { name })}</Text>
      <Button size="compact-sm" variant="light" onClick={() => onSearch({ record: undefined, page: undefined })}>
        {t('audit.allRecords')}
      </Button>
    </Group>
  );
}
