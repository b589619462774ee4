import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import type { AnalysisRecord } from '#app/lib/db.ts';
import { ConfirmDialog } from '#app/ui/confirm-dialog.tsx';
import { showMessage } from '#app/ui/message-banner.ts';
import { analysesPullQuery, lastAnalysesPull, ordersPullQuery } from '../api/order-queries.ts';
import { takesAnalyses } from '../analysis-values.ts';
import { deleteAnalysis, remainingOf, useAnalyses, useCalibrationChoices, useOrder, usePendingSlots, useUnsentDeletes } from '../store/analysis-store.ts';
import { AnalysisItem } from './analysis-item.tsx';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { QueuedListNotices } from '#app/ui/sync-problem.tsx';
import { SyncProblem } from './sync-problem.tsx';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { ListLoader } from '#app/ui/loading-indicator.tsx';

export function BackToServices() {
  const { t } = useTranslation('analyses');
  return (
    <Button component={Link} to="/dashboard/my-services" variant="subtle" size="sm" leftSection={<IconArrowLeft size={16} aria-hidden />}>
      {t('back')}
    </Button>
  );
}

/**
 * /dashboard/my-services/{orderId}/analyses: the order's analyses from the local database (pulled on
 * entering), each with its status steps; add while analyses remain; delete asks first and is queued.
 */
export function AnalysesList({ userId, orderId }: { userId: string; orderId: string }) {
  const { t } = useTranslation(['analyses', 'catalog', 'sync']);
  const ordersPull = useQuery(ordersPullQuery(userId));
  const pull = useQuery(analysesPullQuery(userId, orderId));
  const order = useOrder(userId, orderId);
  const analyses = useAnalyses(userId, orderId);
  const pending = usePendingSlots();
  const calibrations = useCalibrationChoices();
  const unsentDeletes = useUnsentDeletes(orderId);
  const pulledAt = useLiveQuery(() => lastAnalysesPull(orderId), [orderId, pull.dataUpdatedAt]);
  const [toDelete, setToDelete] = useState<AnalysisRecord | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const router = useRouter();

  useEffect(() => {
    void router.preloadRoute({ to: '/dashboard/my-services/$orderId/analysis-form/create', params: { orderId } }).catch(() => undefined);
    void router
      .preloadRoute({ to: '/dashboard/my-services/$orderId/analysis-form/$analysisId/edit', params: { orderId, analysisId: 'preload' } })
      .catch(() => undefined);
  }, [router, orderId]);

  const remaining = order ? remainingOf(order, pending) : 0;
  const canAdd = order?.statusCode === 'CON' && takesAnalyses(order.serviceId) && remaining > 0;
  const calibrationNames = new Map((calibrations ?? []).map((calibration) => [calibration.id, calibration.calibrationName]));
  const waitingOrder = order === undefined || (order === null && ordersPull.data === undefined && ordersPull.fetchStatus === 'fetching');
  const count = analyses?.length ?? 0;
  // Unavailable only when no pull of this order ever worked here: after one, an empty table is the server's empty list.
  const unavailable = count === 0 && pull.isError && pulledAt === null;

  async function confirmDelete() {
    if (!toDelete) return;
    await deleteAnalysis(userId, toDelete.id);
    showMessage({ type: 'success', message: t('messages.deleted') });
    headingRef.current?.focus();
  }

  const title = order ? t('title', { service: t(`catalog:services.${order.serviceId}.title`) }) : t('titleFallback');
  const addButton = canAdd && (
    <Button
      renderRoot={(props) => <Link to="/dashboard/my-services/$orderId/analysis-form/create" params={{ orderId }} {...props} />}
      leftSection={<IconPlus size={18} aria-hidden />}
    >
      {t('add')}
    </Button>
  );

  return (
    <ScreenPanel
      title={title}
      description={order ? t('remaining', { count: remaining }) : undefined}
      actions={
        <Group gap="xs">
          <BackToServices />
          {addButton}
        </Group>
      }
      headingRef={headingRef}
    >
      <QueuedListNotices
        pullError={pull.isError && count > 0 ? pull.error : null}
        refreshFailed={(message) => t('refreshFailed', { message })}
        entityIds={(analyses ?? []).map((analysis) => analysis.id)}
        deletes={(unsentDeletes ?? []).map((row) => <SyncProblem key={row.id} row={row} name={row.payload.previous.analysisName} />)}
      />
      {waitingOrder || analyses === undefined || pulledAt === undefined || (count === 0 && pull.data === undefined && pull.fetchStatus === 'fetching') ? (
        <ListLoader />
      ) : order === null ? (
        <Alert color="yellow" role="status">
          {t('orderNotFound')}
        </Alert>
      ) : unavailable ? (
        <Alert variant="light" color="red" role="status" title={t('unavailable')}>
          <Text size="sm">{t('unavailableBody')}</Text>
        </Alert>
      ) : count === 0 ? (
        <EmptyState title={t('empty.title')}>
          <Text size="sm">{t('empty.body')}</Text>
        </EmptyState>
      ) : (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('list.label')}>
          {analyses.map((analysis) => (
            <li key={analysis.id}>
              <AnalysisItem
                analysis={analysis}
                calibrationName={analysis.calibrationId ? calibrationNames.get(analysis.calibrationId) : undefined}
                onDelete={setToDelete}
              />
            </li>
          ))}
        </Stack>
      )}
      <ConfirmDialog opened={toDelete !== null} onClose={() => setToDelete(null)} onConfirm={confirmDelete} />
    </ScreenPanel>
  );
}
