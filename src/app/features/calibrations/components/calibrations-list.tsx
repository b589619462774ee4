import { useEffect, useRef, useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { CalibrationRecord } from '#app/lib/db.ts';
import { ConfirmDialog } from '#app/ui/confirm-dialog.tsx';
import { showMessage } from '#app/ui/message-banner.ts';
import { calibrationsPullQuery } from '../api/calibration-queries.ts';
import { deleteCalibration, useCalibrations, useUnsentDeletes } from '../store/calibration-store.ts';
import { CalibrationItem } from './calibration-item.tsx';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { QueuedListNotices } from '#app/ui/sync-problem.tsx';
import { SyncProblem } from './sync-problem.tsx';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { ListLoader } from '#app/ui/loading-indicator.tsx';
import { ListPager } from '#app/ui/list-pager.tsx';

/** docs/product.md §9: calibrations, 2 per page. */
export const CALIBRATIONS_PAGE_SIZE = 2;

function AddButton() {
  const { t } = useTranslation('calibrations');
  return (
    <Button component={Link} to="/dashboard/my-calibrations/add" leftSection={<IconPlus size={18} aria-hidden />}>
      {t('add')}
    </Button>
  );
}

/**
 * /dashboard/my-calibrations: the user's calibrations from the local database (so they show offline
 * at once), pulled from the server on entering; 2 per page, an add button, Edit and Delete per item.
 * Deleting asks first, then happens here at once and is queued for the server.
 */
export function CalibrationsList({ userId, page, onPageChange }: { userId: string; page: number; onPageChange: (page: number) => void }) {
  const { t } = useTranslation(['calibrations', 'sync']);
  const pull = useQuery(calibrationsPullQuery(userId));
  const calibrations = useCalibrations(userId);
  const unsentDeletes = useUnsentDeletes();
  const [toDelete, setToDelete] = useState<CalibrationRecord | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const router = useRouter();

  // The forms' code is split from this page: fetch it now, so Add and Edit open after the network goes.
  useEffect(() => {
    void router.preloadRoute({ to: '/dashboard/my-calibrations/add' }).catch(() => undefined);
    void router.preloadRoute({ to: '/dashboard/my-calibrations/$id/edit', params: { id: 'preload' } }).catch(() => undefined);
  }, [router]);

  const count = calibrations?.length ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / CALIBRATIONS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const shown = calibrations?.slice((current - 1) * CALIBRATIONS_PAGE_SIZE, current * CALIBRATIONS_PAGE_SIZE) ?? [];
  const firstPullRunning = pull.data === undefined && pull.fetchStatus === 'fetching';

  async function confirmDelete() {
    if (!toDelete) return;
    await deleteCalibration(userId, toDelete.id);
    showMessage({ type: 'success', message: t('messages.deleted') });
    // The item (and its Delete button) is gone: the focus goes to the list's heading.
    headingRef.current?.focus();
  }

  return (
    <ScreenPanel title={t('title')} description={t('description')} actions={count > 0 && <AddButton />} headingRef={headingRef}>
      <QueuedListNotices
        pullError={pull.isError ? pull.error : null}
        refreshFailed={(message) => t('refreshFailed', { message })}
        entityIds={(calibrations ?? []).map((calibration) => calibration.id)}
        deletes={(unsentDeletes ?? []).map((row) => <SyncProblem key={row.id} row={row} name={row.payload.previous.calibrationName} />)}
      />
      {calibrations === undefined || (count === 0 && firstPullRunning) ? (
        <ListLoader />
      ) : count === 0 ? (
        <EmptyState title={t('empty.title')}>
          <Text size="sm">{t('empty.body')}</Text>
          <AddButton />
        </EmptyState>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('list.range', {
              from: (current - 1) * CALIBRATIONS_PAGE_SIZE + 1,
              to: (current - 1) * CALIBRATIONS_PAGE_SIZE + shown.length,
              count,
            })}
          </Text>
          <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('list.label')}>
            {shown.map((calibration) => (
              <li key={calibration.id}>
                <CalibrationItem calibration={calibration} onDelete={setToDelete} />
              </li>
            ))}
          </Stack>
          <ListPager label={t('list.pagination')} pageCount={pageCount} current={current} onChange={onPageChange} />
        </Stack>
      )}
      <ConfirmDialog opened={toDelete !== null} onClose={() => setToDelete(null)} onConfirm={confirmDelete} />
    </ScreenPanel>
  );
}
