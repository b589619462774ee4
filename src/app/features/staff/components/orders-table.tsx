import { useState } from 'react';
import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Order } from '#shared/schemas/orders.ts';
import { QueryState } from '#app/ui/query-state.tsx';
import { staffOrdersQuery } from '../api/staff-orders.ts';
import { useStaffFormat } from '../format.ts';
import type { StaffSearch } from '../staff-search.ts';
import { Meter } from './meter.tsx';
import { BillDialog, ConfirmPaymentDialog } from './order-dialogs.tsx';
import type { SearchChange } from './staff-filters.tsx';
import { StaffTable } from './staff-table.tsx';

/** Analyses done of the order's total. */
const progressOf = (order: Order) => (order.quantityOfAnalyzes ? order.analysisStatus.concluded / order.quantityOfAnalyzes : 0);

/** Orders with their payment, bill and progress; "Issue bill" and "Confirm payment" on each. */
export function OrdersTable({ search, onSearch, userId }: { search: StaffSearch; onSearch: SearchChange; userId?: string }) {
  const { t } = useTranslation('staff');
  const format = useStaffFormat();
  const query = useQuery(staffOrdersQuery(search, userId));
  const [billing, setBilling] = useState<Order | null>(null);
  const [confirming, setConfirming] = useState<Order | null>(null);
  return (
    <QueryState query={query}>
      {(list) => (
        <>
          <StaffTable<Order>
            label={t('orders.tableLabel')}
            list={list}
            fetching={query.isFetching}
            search={search}
            onSearch={onSearch}
            defaultSort='-createdAt'
            columns={[
              { accessor: 'code', title: t('orders.code'), sortable: true },
              { accessor: 'serviceName', title: t('orders.service') },
              { accessor: 'createdAt', title: t('orders.createdAt'), sortable: true, render: (order) => format.date(order.createdAt) },
              { accessor: 'quantity', title: t('orders.quantity'), sortable: true, render: (order) => order.quantityOfAnalyzes },
              { accessor: 'price', title: t('orders.price'), sortable: true, textAlign: 'right', render: (order) => format.money(order.price) },
              {
                accessor: 'status',
                title: t('orders.payment'),
                sortable: true,
                render: (order) => <Badge color={order.statusCode === 'CON' ? 'teal' : 'yellow'}>{t(`orders.paymentStatus.${order.statusCode}`)}</Badge>,
              },
              {
                accessor: 'progress',
                title: t('orders.progress'),
                render: (order) => (
                  <Group gap="xs" wrap="nowrap" miw={140}>
                    <Meter value={progressOf(order) * 100} width={70} label={t('orders.progressLabel', { code: order.code })} />
                    <Text size="xs">{t('orders.progressText', { done: order.analysisStatus.concluded, total: order.quantityOfAnalyzes })}</Text>
                  </Group>
                ),
              },
              {
                accessor: 'actions',
                title: t('table.actions'),
                render: (order) => (
                  <Group gap={6} wrap="nowrap">
                    {order.billUrl && (
                      <Anchor href={order.billUrl} target="_blank" rel="noopener" size="sm">
                        {t('orders.openBill')}
                      </Anchor>
                    )}
                    {order.statusCode === 'APG' && (
                      <>
                        <Button size="compact-sm" variant="light" onClick={() => setBilling(order)} aria-label={t('orders.issueBillFor', { code: order.code })}>
                          {t('orders.issueBill')}
                        </Button>
                        <Button size="compact-sm" onClick={() => setConfirming(order)} aria-label={t('orders.confirmPaymentFor', { code: order.code })}>
                          {t('orders.confirmPayment')}
                        </Button>
                      </>
                    )}
                  </Group>
                ),
              },
            ]}
          />
          <BillDialog key={`bill-${billing?.id}`} order={billing} onClose={() => setBilling(null)} />
          <ConfirmPaymentDialog key={`confirm-${confirming?.id}`} order={confirming} onClose={() => setConfirming(null)} />
        </>
      )}
    </QueryState>
  );
}
