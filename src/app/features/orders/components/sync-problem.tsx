import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { OutboxRow } from '#app/lib/db.ts';
import { EditAndRetryButton, SyncProblem as FeatureSyncProblem, type ProblemFeature } from '#app/ui/sync-problem.tsx';
import type { ReactNode } from 'react';
import { SERVER_FIELDS } from '../analysis-values.ts';
import { ANALYSIS_CREATE, ANALYSIS_DELETE } from '../store/analysis-store.ts';

const ANALYSES: ProblemFeature = { namespace: 'analyses', serverFields: SERVER_FIELDS, createKind: ANALYSIS_CREATE, deleteKind: ANALYSIS_DELETE };


/** A write of this analysis the server refused or that conflicts (ui/sync-problem.tsx). */
export function SyncProblem(props: { row: OutboxRow; name: string; editLink?: ReactNode }) {
  return <FeatureSyncProblem feature={ANALYSES} {...props} />;
}

export function EditAndRetryLink({ orderId, id, name }: { orderId: string; id: string; name: string }) {
  const { t } = useTranslation('analyses');
  return (
    <EditAndRetryButton
      label={t('problems.editAndRetryLabel', { name })}
      renderLink={(props) => <Link to="/dashboard/my-services/$orderId/analysis-form/$analysisId/edit" params={{ orderId, analysisId: id }} {...props} />}
    />
  );
}
