import { Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StaffUser } from '#shared/schemas/staff.ts';
import { QueryState } from '#app/ui/query-state.tsx';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { staffUsersQuery } from '../api/staff-records.ts';
import type { StaffSearch } from '../staff-search.ts';
import { FilterBar, TextFilter, type SearchChange } from './staff-filters.tsx';
import { RecordLink } from './record-link.tsx';
import { StaffTable } from './staff-table.tsx';
import { DeletedAccountBadge, StaffBadge } from './status-badge.tsx';

/** Find a user by name, e-mail, CPF/CNPJ or clinic, and open their page. */
export function UsersScreen({ search, onSearch }: { search: StaffSearch; onSearch: SearchChange }) {
  const { t } = useTranslation('staff');
  const query = useQuery(staffUsersQuery(search));
  return (
    <ScreenPanel title={t('users.title')} description={t('users.description')}>
      <FilterBar>
        <TextFilter label={t('users.search')} description={t('users.searchHelp')} value={search.q} onChange={(q) => onSearch({ q, page: undefined })} />
      </FilterBar>
      <QueryState query={query}>
        {(list) => (
          <StaffTable<StaffUser>
            label={t('users.tableLabel')}
            list={list}
            fetching={query.isFetching}
            search={search}
            onSearch={onSearch}
            defaultSort='name'
            columns={[
              {
                accessor: 'name',
                title: t('users.name'),
                sortable: true,
                render: (user) => (
                  <Group gap={6} wrap="wrap">
                    <RecordLink section="users" id={user.id} fw={600}>
                      {user.name || user.email}
                    </RecordLink>
                    {user.deleted && <DeletedAccountBadge />}
                  </Group>
                ),
              },
              { accessor: 'email', title: t('users.email'), sortable: true },
              { accessor: 'clinic', title: t('users.clinic'), sortable: true },
              { accessor: 'document', title: t('users.document'), render: (user) => user.cpf || user.cnpj || '—' },
              { accessor: 'isStaff', title: t('users.kind'), render: (user) => (user.isStaff ? <StaffBadge color="cyan">{t('users.staff')}</StaffBadge> : t('users.client')) },
            ]}
          />
        )}
      </QueryState>
    </ScreenPanel>
  );
}
