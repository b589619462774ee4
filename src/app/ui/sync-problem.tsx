import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxRow } from '#app/lib/db.ts';
import { discardLocalChange, keepMine, retryFailedWrite, takeTheirs } from '#app/lib/sync/resolve.ts';
import { showMessage } from '#app/ui/message-banner.ts';

/**
 * A feature's refused or conflicting writes, shown the same way everywhere: its translation namespace
 * (with the `problems.{create,update,delete}{Failed,Conflict}` titles and the `fields.*` labels; the
 * actions' texts are in `sync`), the API's snake_case field names → form fields, and the outbox kinds
 * of its create and delete.
 */
export interface ProblemFeature {
  namespace: string;
  serverFields: Readonly<Record<string, string>>;
  createKind: string;
  deleteKind: string;
}

const FIELD_MESSAGE = /^([a-z_]+): ([\s\S]*)$/;

/** The server's "<snake_field>: <text>" with the field's label instead of its API name. */
export function useProblemText({ namespace, serverFields }: ProblemFeature) {
  const { t } = useTranslation([namespace, 'sync']);
  return (message: string) => {
    const match = FIELD_MESSAGE.exec(message);
    const field = match ? serverFields[match[1]!] : undefined;
    return match && field ? t('sync:problems.fieldMessage', { field: t(`fields.${field}`), message: match[2] }) : message;
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
        {row.lastError && <Text size="sm">{problemText(row.lastError)}</Text>}
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
