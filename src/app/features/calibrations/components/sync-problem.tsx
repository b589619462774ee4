import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { OutboxRow } from '#app/lib/db.ts';
import { EditAndRetryButton, SyncProblem as FeatureSyncProblem, type ProblemFeature } from '#app/ui/sync-problem.tsx';
import type { ReactNode } from 'react';
import { SERVER_FIELDS } from '../calibration-values.ts';
import { CALIBRATION_CREATE, CALIBRATION_DELETE } from '../store/calibration-store.ts';

const CALIBRATIONS: ProblemFeature = { namespace: 'calibrations', serverFields: SERVER_FIELDS, createKind: CALIBRATION_CREATE, deleteKind: CALIBRATION_DELETE };


/** A write of this calibration the server refused or that conflicts (ui/sync-problem.tsx). */
export function SyncProblem(props: { row: OutboxRow; name: string; editLink?: ReactNode }) {
  return <FeatureSyncProblem feature={CALIBRATIONS} {...props} />;
}

export function EditAndRetryLink({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('calibrations');
  return (
    <EditAndRetryButton
      label={t('problems.editAndRetryLabel', { name })}
      renderLink={(props) => <Link to="/dashboard/my-calibrations/$id/edit" params={{ id }} {...props} />}
    />
  );
}
