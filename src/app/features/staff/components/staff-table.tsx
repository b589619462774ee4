import './staff-styles.css';
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '../api/staff-requests.ts';
import { isFiltered, type StaffSearch } from '../staff-search.ts';
import type { SearchChange } from './staff-filters.tsx';

interface StaffTableProps<T> {
  /** The table's accessible name. */
  label: string;
  /** A page of the list (`row`) and the list's total (`count`). */
  list: { row: T[]; count: number };
  fetching: boolean;
  columns: DataTableColumn<T>[];
  /** The screen's URL search: the page and the sort (`field` or `-field`, the API's form) live there. */
  search: StaffSearch;
  onSearch: SearchChange;
  /** The server's order when the URL names none; without it the table is not sortable. */
  defaultSort?: string;
}

const statusOf = <T,>(sort: string | undefined): DataTableSortStatus<T> | undefined =>
  sort ? { columnAccessor: sort.replace(/^-/, ''), direction: sort.startsWith('-') ? 'desc' : 'asc' } : undefined;

/** A back-office table: the server pages and sorts (the URL holds both); a horizontal scroll on narrow screens. */
export function StaffTable<T extends { id: string }>({ label, list, fetching, columns, search, onSearch, defaultSort }: StaffTableProps<T>) {
  const { t } = useTranslation('staff');
  const sortStatus = defaultSort ? statusOf<T>(search.sort ?? defaultSort) : undefined;
  const onSort = (sort: string) => onSearch({ sort, page: undefined });
  const sorting = sortStatus
    ? {
        sortStatus,
        onSortStatusChange: (next: DataTableSortStatus<T>) => onSort(`${next.direction === 'desc' ? '-' : ''}${String(next.columnAccessor)}`),
      }
    : {};
  return (
    <DataTable<T>
      aria-label={label}
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      minHeight={list.row.length ? undefined : 160}
      records={list.row}
      columns={columns}
      fetching={fetching}
      loadingText={t('table.loading')}
      noRecordsText={t(isFiltered(search) ? 'table.empty' : 'table.none')}
      totalRecords={list.count}
      recordsPerPage={PAGE_SIZE}
      page={search.page ?? 1}
      onPageChange={(page) => onSearch({ page })}
      paginationText={({ from, to, totalRecords }) => t('table.range', { from, to, total: totalRecords })}
      getPaginationControlProps={(control) => ({ 'aria-label': t(`table.${control}Page`) })}
      getPaginationItemProps={(item) => ({ 'aria-label': t('table.goToPage', { page: item }) })}
      {...sorting}
    />
  );
}

/**
 * A row's actions one above the other, each as wide as the widest: side by side they made the table wider than
 * 1280 px and the buttons' labels were cut.
 */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Stack gap={6} align="stretch" w="max-content">
      {children}
    </Stack>
  );
}
