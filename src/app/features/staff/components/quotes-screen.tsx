import { useState } from 'react';
import { Badge, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SERVICE_IDS } from '#shared/catalog.ts';
import { QUOTE_STATUSES, type StaffQuote } from '#shared/schemas/staff.ts';
import { QueryState } from '#app/ui/query-state.tsx';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { showMessage } from '#app/ui/message-banner.ts';
import { staffQuotesQuery, useMarkQuote } from '../api/staff-records.ts';
import { useStaffFormat } from '../format.ts';
import type { StaffSearch } from '../staff-search.ts';
import { NewOrderDialogs, type OrderDraft } from './order-dialogs.tsx';
import { ChoiceFilter, FilterBar, type SearchChange } from './staff-filters.tsx';
import { UserLink } from './record-link.tsx';
import { StaffTable } from './staff-table.tsx';
import { WriteError } from './write-error.tsx';

/** The quotes inbox: new and answered requests with their fields. */
export function QuotesScreen({ search, onSearch }: { search: StaffSearch; onSearch: SearchChange }) {
  const { t } = useTranslation(['staff', 'catalog']);
  return (
    <ScreenPanel title={t('quotes.title')} description={t('quotes.description')}>
      <FilterBar>
        <ChoiceFilter
          label={t('quotes.status')}
          value={search.status}
          options={QUOTE_STATUSES.map((status) => ({ value: status, label: t(`quotes.statuses.${status}`) }))}
          onChange={(status) => onSearch({ status, page: undefined })}
        />
        <ChoiceFilter
          label={t('quotes.service')}
          value={search.service}
          options={SERVICE_IDS.map((id) => ({ value: id, label: t(`catalog:services.${id}.title`) }))}
          onChange={(service) => onSearch({ service, page: undefined })}
        />
      </FilterBar>
      <QuotesTable search={search} onSearch={onSearch} />
    </ScreenPanel>
  );
}

/** Quote requests; "Create order" starts from the request's user, service and number of analyses. */
export function QuotesTable({ search, onSearch, userId }: { search: StaffSearch; onSearch: SearchChange; userId?: string }) {
  const { t } = useTranslation(['staff', 'quotes']);
  const format = useStaffFormat();
  const query = useQuery(staffQuotesQuery(search, userId));
  const mark = useMarkQuote();
  const [draft, setDraft] = useState<OrderDraft | null>(null);
  const toggle = (quote: StaffQuote) =>
    mark.mutate(
      { quote, answered: quote.status === 'new' },
      { onSuccess: (saved) => showMessage({ type: 'success', message: t(`quotes.marked.${saved.status}`) }) },
    );
  return (
    <>
      <WriteError error={mark.error} />
      <QueryState query={query}>
        {(list) => (
          <StaffTable<StaffQuote>
            label={t('quotes.tableLabel')}
            list={list}
            fetching={query.isFetching}
            search={search}
            onSearch={onSearch}
            defaultSort='-createdAt'
            columns={[
              { accessor: 'createdAt', title: t('quotes.createdAt'), sortable: true, render: (quote) => format.date(quote.createdAt) },
              {
                accessor: 'userName',
                title: t('quotes.user'),
                render: (quote) => <UserLink record={quote} />,
              },
              { accessor: 'serviceName', title: t('quotes.service') },
              {
                accessor: 'fields',
                title: t('quotes.fields'),
                render: (quote) => (
                  <Text size="xs" component="div">
                    {Object.entries(quote.fields).map(([field, value]) => (
                      <div key={field}>
                        <strong>{t(`quotes:fields.${field}`, { defaultValue: field })}:</strong> {String(value)}
                      </div>
                    ))}
                  </Text>
                ),
              },
              {
                accessor: 'status',
                title: t('quotes.status'),
                render: (quote) => <Badge color={quote.status === 'new' ? 'blue' : 'gray'}>{t(`quotes.statuses.${quote.status}`)}</Badge>,
              },
              {
                accessor: 'actions',
                title: t('table.actions'),
                render: (quote) => (
                  <Group gap={6} wrap="nowrap">
                    <Button size="compact-sm" onClick={() => setDraft({ ...quote.prefill, userLabel: quote.userName || quote.userEmail })}>
                      {t('quotes.createOrder')}
                    </Button>
                    <Button size="compact-sm" variant="default" loading={mark.isPending && mark.variables?.quote.id === quote.id} onClick={() => toggle(quote)}>
                      {t(quote.status === 'new' ? 'quotes.markAnswered' : 'quotes.markNew')}
                    </Button>
                  </Group>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <NewOrderDialogs draft={draft} onClose={() => setDraft(null)} />
    </>
  );
}
