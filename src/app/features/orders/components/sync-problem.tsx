import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { OutboxRow } from '#app/lib/db.ts';
import { discardLocalChange, keepMine, retryFailedWrite, takeTheirs } from '#app/lib/sync/resolve.ts';
import { showMessage } from '#app/ui/message-banner.ts';
import { SERVER_FIELDS } from '../analysis-values.ts';
import { ANALYSIS_CREATE, ANALYSIS_DELETE } from '../store/analysis-store.ts';

const FIELD_MESSAGE = /^([a-z_]+): ([\s\S]*)$/;

/** The server's "<snake_field>: <text>" with the field's label instead of its API name. */
export function useProblemText() {
  const { t } = useTranslation('analyses');
  return (message: string) => {
    const match = FIELD_MESSAGE.exec(message);
    const field = match ? SERVER_FIELDS[match[1]!] : undefined;
    return match && field ? t('problems.fieldMessage', { field: t(`fields.${field}`), message: match[2] }) : message;
  };
}

function run(action: () => Promise<unknown>, failed: string) {
  action().catch((error: unknown) => showMessage({ type: 'error', message: error instanceof Error && error.message ? error.message : failed }));
}

/** A write of this analysis the server refused or that conflicts, with the server's message and the user's choices. */
export function SyncProblem({ row, name, editLink }: { row: OutboxRow; name: string; editLink?: ReactNode }) {
  const { t } = useTranslation(['analyses', 'sync']);
  const problemText = useProblemText();
  const isDelete = row.kind === ANALYSIS_DELETE;
  const isCreate = row.kind === ANALYSIS_CREATE;
  const conflict = row.state === 'conflict' && !isCreate;
  const title = t(`problems.${isDelete ? 'delete' : isCreate ? 'create' : 'update'}${conflict ? 'Conflict' : 'Failed'}`, { name });
  const retry = row.state === 'conflict' ? keepMine : retryFailedWrite;
  const failedAction = t('problems.actionFailed');
  return (
    <Alert color={conflict ? 'orange' : 'red'} variant="light" title={title} p="sm">
      <Stack gap="xs">
        {row.lastError && <Text size="sm">{problemText(row.lastError)}</Text>}
        <Group gap="xs">
          {conflict ? (
            <>
              <Button size="compact-sm" onClick={() => run(() => keepMine(row.id), failedAction)}>
                {isDelete ? t('problems.deleteAnyway') : t('sync:actions.keepMine')}
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => run(() => takeTheirs(row.id), failedAction)}>
                {isDelete ? t('problems.undoDelete') : t('sync:actions.takeTheirs')}
              </Button>
            </>
          ) : (
            <>
              {editLink}
              <Button size="compact-sm" variant={editLink ? 'default' : 'filled'} onClick={() => run(() => retry(row.id), failedAction)}>
                {t('sync:actions.retry')}
              </Button>
              <Button size="compact-sm" variant="default" color="red" onClick={() => run(() => discardLocalChange(row.id), failedAction)}>
                {isDelete ? t('problems.undoDelete') : t('sync:actions.discard')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

export function EditAndRetryLink({ orderId, id, name }: { orderId: string; id: string; name: string }) {
  const { t } = useTranslation('analyses');
  return (
    <Button
      size="compact-sm"
      renderRoot={(props) => <Link to="/dashboard/my-services/$orderId/analysis-form/$analysisId/edit" params={{ orderId, analysisId: id }} {...props} />}
      aria-label={t('problems.editAndRetryLabel', { name })}
    >
      {t('problems.editAndRetry')}
    </Button>
  );
}
