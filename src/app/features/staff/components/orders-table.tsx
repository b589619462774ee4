import { useState } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Order } from '#shared/schemas/orders.ts';
import { QueryState } from '#app/ui/query-state.tsx';
import { staffOrdersQuery } from '../api/staff-orders.ts';
import { useStaffFormat } from '../format.ts';
import type { StaffSearch } from '../staff-search.ts';
import { Meter } from './meter.tsx';
import { BillDialog, ConfirmPaymentDialog, RefundDialog } from './order-dialogs.tsx';
import type { SearchChange } from './staff-filters.tsx';
import { RowActions, StaffTable } from './staff-table.tsx';
import { BillBadge, PaymentBadge } from './status-badge.tsx';

/** Analyses done of the order's total. */
const progressOf = (order: Order) => (order.quantityOfAnalyzes ? order.analysisStatus.concluded / order.quantityOfAnalyzes : 0);

/** A PIX payment staff can give back: the charge paid and the order confirmed by it. */
const refundable = (order: Order) => order.statusCode === 'CON' && order.bill?.method === 'pix' && order.bill.status === 'paid';

/** Orders with their payment, bill and progress; "Issue bill" (until one exists), "Confirm payment" and a PIX's "Refund". */
export function OrdersTable({ search, onSearch, userId }: { search: StaffSearch; onSearch: SearchChange; userId?: string }) {
  const { t } = useTranslation('staff');
  const format = useStaffFormat();
  const query = useQuery(staffOrdersQuery(search, userId));
  const [billing, setBilling] = useState<Order | null>(null);
  const [confirming, setConfirming] = useState<Order | null>(null);
  const [refunding, setRefunding] = useState<Order | null>(null);
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
                render: (order) => (
                  <Stack gap={4} align="flex-start">
                    <PaymentBadge status={order.statusCode} />
                    {order.bill && <BillBadge bill={order.bill} />}
                  </Stack>
                ),
              },
              {
                accessor: 'progress',
                title: t('orders.progress'),
                render: (order) => (
                  <Stack gap={4}>
                    <Meter value={progressOf(order) * 100} width={70} label={t('orders.progressLabel', { code: order.code })} />
                    <Text size="xs">{t('orders.progressText', { done: order.analysisStatus.concluded, total: order.quantityOfAnalyzes })}</Text>
                  </Stack>
                ),
              },
              {
                accessor: 'actions',
                title: t('table.actions'),
                render: (order) => (
                  <RowActions>
                    {order.billUrl && (
                      <Anchor href={order.billUrl} target="_blank" rel="noopener" size="sm">
                        {t('orders.openBill')}
                      </Anchor>
                    )}
                    {order.statusCode === 'APG' && !order.billUrl && !order.bill && (
                      <Button size="compact-sm" variant="light" onClick={() => setBilling(order)} aria-label={t('orders.issueBillFor', { code: order.code })}>
                        {t('orders.issueBill')}
                      </Button>
                    )}
                    {order.statusCode === 'APG' && (
                      <Button size="compact-sm" onClick={() => setConfirming(order)} aria-label={t('orders.confirmPaymentFor', { code: order.code })}>
                        {t('orders.confirmPayment')}
                      </Button>
                    )}
                    {refundable(order) && (
                      <Button size="compact-sm" color="red" variant="light" onClick={() => setRefunding(order)} aria-label={t('orders.refundFor', { code: order.code })}>
                        {t('orders.refund')}
                      </Button>
                    )}
                  </RowActions>
                ),
              },
            ]}
          />
          <BillDialog key={`bill-${billing?.id}`} order={billing} onClose={() => setBilling(null)} />
          <ConfirmPaymentDialog key={`confirm-${confirming?.id}`} order={confirming} onClose={() => setConfirming(null)} />
          <RefundDialog key={`refund-${refunding?.id}`} order={refunding} onClose={() => setRefunding(null)} />
        </>
      )}
    </QueryState>
  );
}
