import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/lib/api-client.ts';
import type { OutboxRow } from '#app/lib/db.ts';
import { discardLocalChange, keepMine, retryFailedWrite, takeTheirs } from '#app/lib/sync/resolve.ts';
import { showMessage } from '#app/ui/message-banner.ts';
import { UploadProgressList } from '#app/ui/upload-progress.tsx';

/**
 * A feature's refused or conflicting writes, shown the same way everywhere: its translation namespace
 * (with the `problems.{create,update,delete}{Failed,Conflict}` titles and the `fields.*` labels; the
 * actions' texts are in `sync`), the API's field names (camel case) → form fields, and the outbox kinds
 * of its create and delete.
 */
export interface ProblemFeature {
  namespace: string;
  serverFields: Readonly<Record<string, string>>;
  createKind: string;
  deleteKind: string;
}

/** The server's message, after the label of the field it is about when the form shows that field. */
function useProblemText({ namespace, serverFields }: ProblemFeature) {
  const { t } = useTranslation([namespace, 'sync']);
  return (row: Pick<OutboxRow, 'lastError' | 'lastErrorField'>) => {
    const field = row.lastErrorField && Object.hasOwn(serverFields, row.lastErrorField) ? serverFields[row.lastErrorField] : undefined;
    return field ? t('sync:problems.fieldMessage', { field: t(`fields.${field}`), message: row.lastError }) : row.lastError;
  };
}

function run(action: () => Promise<unknown>, failed: string) {
  action().catch((error: unknown) => showMessage({ type: 'error', message: error instanceof Error && error.message ? error.message : failed }));
}

/**
 * A write the server refused (failed) or that conflicts with its copy, with the server's message and the
 * user's choices: edit and retry, retry, discard; keep mine, take theirs.
 */
export function SyncProblem({ feature, row, name, editLink }: { feature: ProblemFeature; row: OutboxRow; name: string; editLink?: ReactNode }) {
  const { t } = useTranslation([feature.namespace, 'sync']);
  const problemText = useProblemText(feature);
  const isDelete = row.kind === feature.deleteKind;
  const isCreate = row.kind === feature.createKind;
  // A create has no server copy to keep or take: its 409 (e-mail not verified yet) is retried or discarded like a refusal.
  const conflict = row.state === 'conflict' && !isCreate;
  const title = t(`problems.${isDelete ? 'delete' : isCreate ? 'create' : 'update'}${conflict ? 'Conflict' : 'Failed'}`, { name });
  const retry = row.state === 'conflict' ? keepMine : retryFailedWrite;
  const failedAction = t('sync:problems.actionFailed');
  return (
    <Alert color={conflict ? 'orange' : 'red'} variant="light" title={title} p="sm">
      <Stack gap="xs">
        {row.lastError && <Text size="sm">{problemText(row)}</Text>}
        <Group gap="xs">
          {conflict ? (
            <>
              <Button size="compact-sm" onClick={() => run(() => keepMine(row.id), failedAction)}>
                {isDelete ? t('sync:problems.deleteAnyway') : t('sync:actions.keepMine')}
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => run(() => takeTheirs(row.id), failedAction)}>
                {isDelete ? t('sync:problems.undoDelete') : t('sync:actions.takeTheirs')}
              </Button>
            </>
          ) : (
            <>
              {editLink}
              <Button size="compact-sm" variant={editLink ? 'default' : 'filled'} onClick={() => run(() => retry(row.id), failedAction)}>
                {t('sync:actions.retry')}
              </Button>
              <Button size="compact-sm" variant="default" color="red" onClick={() => run(() => discardLocalChange(row.id), failedAction)}>
                {isDelete ? t('sync:problems.undoDelete') : t('sync:actions.discard')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

/** "Editar e tentar de novo": the form with the user's data and the server's message beside its field. */
export function EditAndRetryButton({ label, renderLink }: { label: string; renderLink: (props: Record<string, unknown>) => ReactNode }) {
  const { t } = useTranslation('sync');
  return (
    <Button size="compact-sm" renderRoot={renderLink} aria-label={label}>
      {t('problems.editAndRetry')}
    </Button>
  );
}

/**
 * Above a queued entity's list: a refresh that failed (the list is what this device has), the uploads
 * running, and the deletes that need the user (their items left the list).
 */
export function QueuedListNotices({
  pullError,
  refreshFailed,
  entityIds,
  deletes,
}: {
  /** The pull's error, or null. */
  pullError: unknown;
  /** The feature's words for a failed refresh, given the reason. */
  refreshFailed: (message: string) => string;
  entityIds: readonly string[];
  deletes: ReactNode[];
}) {
  const { t } = useTranslation('sync');
  return (
    <>
      {pullError != null && (
        <Text size="sm" c="yellow.9" role="status">
          {refreshFailed(pullError instanceof ApiError ? pullError.message : t('errors.network'))}
        </Text>
      )}
      <UploadProgressList entityIds={entityIds} />
      {deletes.length > 0 && <Stack gap="xs">{deletes}</Stack>}
    </>
  );
}
