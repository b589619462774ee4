import { Badge, Group, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { db, type OutboxRow, type OutboxState } from '#app/lib/db.ts';

type ShownState = Exclude<OutboxState, 'done'>;

/** The most urgent state wins when an entity has several queued writes. */
const PRIORITY: readonly ShownState[] = ['conflict', 'failed', 'sending', 'pending'];
const COLORS: Record<ShownState, string> = { conflict: 'orange', failed: 'red', sending: 'blue', pending: 'gray' };

export interface EntitySync {
  state: ShownState;
  /** The row that decided the state (its `lastError` is the server's message). */
  row: OutboxRow;
}

/** The sync state of one entity from the outbox: null when everything about it is on the server. */
export function useEntitySync(entityId: string): EntitySync | null | undefined {
  return useLiveQuery(async () => {
    const rows = await db.outbox.where('entityId').equals(entityId).toArray();
    for (const state of PRIORITY) {
      const row = rows.find((r) => r.state === state);
      if (row) return { state, row };
    }
    return null;
  }, [entityId]);
}

/**
 * Per-item badge (DESIGN.md §4): "Aguardando envio", "Enviando", "Não enviado" or "Conflito" while a
 * write of the entity is not on the server; nothing otherwise. Text, not only colour. With
 * `showError`, the server's message is shown beside a refused or conflicting write.
 */
export function SyncBadge({ entityId, showError = false }: { entityId: string; showError?: boolean }) {
  const { t } = useTranslation('sync');
  const sync = useEntitySync(entityId);
  if (!sync) return null;
  const message = (sync.state === 'failed' || sync.state === 'conflict') && sync.row.lastError;
  return (
    <Group gap="xs" wrap="nowrap" data-sync-state={sync.state}>
      <Badge color={COLORS[sync.state]} variant="light" size="sm" title={message || undefined}>
        {t(`badge.${sync.state}`)}
      </Badge>
      {showError && message && (
        <Text size="xs" c="red.8">
          {message}
        </Text>
      )}
    </Group>
  );
}
