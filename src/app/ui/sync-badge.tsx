import { Badge, Group, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import type { OutboxRow, OutboxState } from '#app/lib/db.ts';
import { rowsOf } from '#app/lib/sync/outbox.ts';
import { counting, useNow, waitText } from './sync-wait.ts';

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
    const rows = await rowsOf(entityId);
    for (const state of PRIORITY) {
      const row = rows.find((r) => r.state === state);
      if (row) return { state, row };
    }
    return null;
  }, [entityId]);
}

/**
 * Per-item badge (docs/architecture.md §4): "Aguardando envio", "Enviando", "Não enviado" or
 * "Conflito" while a write of the entity is not on the server; nothing otherwise. A waiting write says
 * what it waits for ("Aguardando a rede", "Nova tentativa em 12 s (servidor ocupado)"). Text, not only
 * colour. With `showError`, the server's message is shown beside a refused or conflicting write.
 */
export function SyncBadge({ entityId, showError = false }: { entityId: string; showError?: boolean }) {
  const { t } = useTranslation('sync');
  const sync = useEntitySync(entityId);
  const now = useNow(counting(sync?.row));
  if (!sync) return null;
  const message = (sync.state === 'failed' || sync.state === 'conflict') && sync.row.lastError;
  const wait = waitText(sync.row, now);
  return (
    <Group gap="xs" wrap="nowrap" data-sync-state={sync.state} data-wait={sync.row.waitReason ?? undefined}>
      <Badge color={COLORS[sync.state]} variant="light" size="sm" title={message || undefined}>
        {wait ? t(wait.key, wait) : t(`badge.${sync.state}`)}
      </Badge>
      {showError && message && (
        <Text size="xs" c="red.8">
          {message}
        </Text>
      )}
    </Group>
  );
}
