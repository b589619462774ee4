import { useEffect } from 'react';
import { Accordion, Alert, Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/lib/api-client.ts';
import { lastPull } from '#app/lib/sync/pull.ts';
import { UploadProgressList } from '#app/ui/upload-progress.tsx';
import { ordersPullQuery } from '../api/order-queries.ts';
import { remainingOf, useOrders, usePendingSlots } from '../store/analysis-store.ts';
import { OrderItem } from './order-item.tsx';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { ListLoader } from '#app/ui/loading-indicator.tsx';
import { ListPager } from '#app/ui/list-pager.tsx';

/** docs/product.md §9: services, 6 per page. */
export const ORDERS_PAGE_SIZE = 6;

/**
 * /dashboard/my-services: the user's orders from the local database (offline too), pulled on
 * entering; an accordion, 6 per page. Nothing here and the pull failed before any pull ever worked:
 * "Serviço indisponível!". None at all: a pointer to My quotes when a request waits, else to the services' quote.
 */
export function OrdersList({
  userId,
  page,
  onPageChange,
  waitingQuotes = 0,
}: {
  userId: string;
  page: number;
  onPageChange: (page: number) => void;
  /** Quote requests still waiting (the route reads them from the quotes feature): no second invitation to ask. */
  waitingQuotes?: number;
}) {
  const { t } = useTranslation(['orders', 'sync']);
  const pull = useQuery(ordersPullQuery(userId));
  const orders = useOrders(userId);
  const pending = usePendingSlots();
  // null: never pulled on this device (so an empty table says nothing about the server's list).
  const pulledAt = useLiveQuery(() => lastPull('orders'), [pull.dataUpdatedAt]);
  const router = useRouter();

  useEffect(() => {
    void router.preloadRoute({ to: '/dashboard/my-services/$orderId/analyses', params: { orderId: 'preload' } }).catch(() => undefined);
    void router.preloadRoute({ to: '/dashboard/my-services/$orderId/analysis-form/create', params: { orderId: 'preload' } }).catch(() => undefined);
  }, [router]);

  const count = orders?.length ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / ORDERS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const shown = orders?.slice((current - 1) * ORDERS_PAGE_SIZE, current * ORDERS_PAGE_SIZE) ?? [];
  const firstPullRunning = pull.data === undefined && pull.fetchStatus === 'fetching';
  const unavailable = count === 0 && pull.isError && pulledAt === null;

  return (
    <ScreenPanel title={t('title')} description={t('description')}>
      {pull.isError && count > 0 && (
        <Text size="sm" c="yellow.9" role="status">
          {t('refreshFailed', { message: pull.error instanceof ApiError ? pull.error.message : t('sync:errors.network') })}
        </Text>
      )}
      <UploadProgressList />
      {orders === undefined || pulledAt === undefined || (count === 0 && firstPullRunning) ? (
        <ListLoader />
      ) : unavailable ? (
        <Alert variant="light" color="red" role="alert" title={t('unavailable')}>
          <Text size="sm">{t('unavailableBody')}</Text>
        </Alert>
      ) : count === 0 && waitingQuotes > 0 ? (
        <Alert variant="light" color="blue" role="status" title={t('empty.waitingTitle')}>
          <Text size="sm">
            {t('empty.waitingBody', { count: waitingQuotes })}{' '}
            <Anchor component={Link} to="/dashboard/my-quotes">
              {t('empty.waitingLink')}
            </Anchor>
          </Text>
        </Alert>
      ) : count === 0 ? (
        <EmptyState title={t('empty.title')}>
          <Text size="sm">
            {t('empty.body')}{' '}
            <Anchor component={Link} to="/services">
              {t('empty.link')}
            </Anchor>
          </Text>
        </EmptyState>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('list.range', { from: (current - 1) * ORDERS_PAGE_SIZE + 1, to: (current - 1) * ORDERS_PAGE_SIZE + shown.length, count })}
          </Text>
          <Accordion multiple variant="separated" aria-label={t('list.label')}>
            {shown.map((order) => (
              <OrderItem key={order.id} order={order} remaining={remainingOf(order, pending)} />
            ))}
          </Accordion>
          <ListPager label={t('list.pagination')} pageCount={pageCount} current={current} onChange={onPageChange} />
        </Stack>
      )}
    </ScreenPanel>
  );
}
