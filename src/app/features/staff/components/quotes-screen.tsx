import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SERVICE_IDS } from '#shared/catalog.ts';
import { QUOTE_STATUSES, type StaffQuote } from '#shared/schemas/staff.ts';
import { QueryState } from '#app/ui/query-state.tsx';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { focusOrigin, returnFocus } from '#app/ui/focus-back.ts';
import { showMessage } from '#app/ui/message-banner.ts';
import { staffQuotesQuery, useMarkQuote } from '../api/staff-records.ts';
import { useStaffFormat } from '../format.ts';
import type { StaffSearch } from '../staff-search.ts';
import { NewOrderDialogs, type OrderDraft } from './order-dialogs.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { ChoiceFilter, FilterBar, type SearchChange } from './staff-filters.tsx';
import { UserLink } from './record-link.tsx';
import { RowActions, StaffTable } from './staff-table.tsx';
import { StaffBadge } from './status-badge.tsx';
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
  const { t } = useTranslation(['staff', 'quotes', 'pix']);
  const format = useStaffFormat();
  const query = useQuery(staffQuotesQuery(search, userId));
  const mark = useMarkQuote();
  const [draft, setDraft] = useState<OrderDraft | null>(null);
  const [answering, setAnswering] = useState<StaffQuote | null>(null);
  const marked = (saved: StaffQuote) => showMessage({ type: 'success', message: t(`quotes.marked.${saved.status}`) });
  const reopen = (quote: StaffQuote) => {
    // The button is disabled while it saves: focus comes back to it (or its row) after.
    const origin = focusOrigin();
    mark.mutate({ quote, answered: false }, { onSuccess: marked, onSettled: () => returnFocus(origin) });
  };
  const answer = (text: string) =>
    answering && mark.mutate({ quote: answering, answered: true, answer: text }, { onSuccess: (saved) => (marked(saved), setAnswering(null)) });
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
              { accessor: 'paymentMethod', title: t('quotes.paymentMethod'), render: (quote) => t(`pix:method.${quote.paymentMethod}`) },
              {
                accessor: 'status',
                title: t('quotes.status'),
                render: (quote) => <StaffBadge color={quote.status === 'new' ? 'blue' : 'gray'}>{t(`quotes.statuses.${quote.status}`)}</StaffBadge>,
              },
              {
                accessor: 'actions',
                title: t('table.actions'),
                render: (quote) => (
                  <RowActions>
                    <Button size="compact-sm" onClick={() => setDraft({ ...quote.prefill, userLabel: quote.userName || quote.userEmail })}>
                      {t('quotes.createOrder')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="default"
                      loading={mark.isPending && mark.variables?.quote.id === quote.id}
                      onClick={() => (quote.status === 'new' ? (mark.reset(), setAnswering(quote)) : reopen(quote))}
                    >
                      {t(quote.status === 'new' ? 'quotes.markAnswered' : 'quotes.markNew')}
                    </Button>
                  </RowActions>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <NewOrderDialogs draft={draft} onClose={() => setDraft(null)} />
      <ReasonDialog
        key={answering?.id}
        opened={answering !== null}
        title={t('quotes.answerTitle', { user: answering?.userName || answering?.userEmail || '' })}
        submitLabel={t('quotes.markAnswered')}
        required
        pending={mark.isPending}
        error={answering ? mark.error : null}
        onClose={() => setAnswering(null)}
        onSubmit={answer}
        field={{ name: 'answer', label: t('quotes.answer.label'), help: t('quotes.answer.help'), requiredMessage: t('quotes.answer.required'), maxLength: 5000, rows: 5 }}
      />
    </>
  );
}
