import { Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Analysis } from '#shared/schemas/analyses.ts';
import { QueryState } from '#app/ui/query-state.tsx';
import { DEFAULT_ANALYSIS_SORT, staffAnalysesQuery } from '../api/staff-analyses.ts';
import { useStaffFormat } from '../format.ts';
import type { StaffSearch } from '../staff-search.ts';
import type { SearchChange } from './staff-filters.tsx';
import { RecordLink } from './record-link.tsx';
import { StaffTable } from './staff-table.tsx';
import { StaffBadge, StatusBadge } from './status-badge.tsx';

/** The analysis queue's rows: each opens its record; the "not de-identified" flag beside the name. */
export function AnalysesTable({ search, onSearch, userId }: { search: StaffSearch; onSearch: SearchChange; userId?: string }) {
  const { t } = useTranslation('staff');
  const format = useStaffFormat();
  const query = useQuery(staffAnalysesQuery(search, { userId }));
  return (
    <QueryState query={query}>
      {(list) => (
        <StaffTable<Analysis>
          label={t('analyses.tableLabel')}
          list={list}
          fetching={query.isFetching}
          search={search}
          onSearch={onSearch}
          defaultSort={DEFAULT_ANALYSIS_SORT}
          columns={[
            {
              accessor: 'analysisName',
              title: t('analyses.name'),
              sortable: true,
              render: (analysis) => (
                <Group gap={6} wrap="nowrap">
                  <RecordLink section="analyses" id={analysis.id} fw={600}>
                    {analysis.analysisName}
                  </RecordLink>
                  {analysis.notDeidentified && (
                    <StaffBadge color="orange">{t('analyses.notDeidentifiedShort')}</StaffBadge>
                  )}
                </Group>
              ),
            },
            { accessor: 'status', title: t('analyses.status'), sortable: true, render: (analysis) => <StatusBadge status={analysis.statusCode} /> },
            { accessor: 'serviceName', title: t('analyses.service') },
            { accessor: 'createdAt', title: t('analyses.createdAt'), sortable: true, render: (analysis) => format.date(analysis.createdAt) },
            { accessor: 'modifiedAt', title: t('analyses.modifiedAt'), sortable: true, render: (analysis) => format.date(analysis.modifiedAt) },
          ]}
        />
      )}
    </QueryState>
  );
}
