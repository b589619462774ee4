import { Button, Group, Paper, Popover, Stack, Text } from '@mantine/core';
import { IconCloudCheck, IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useDatabaseUser, type OutboxRow } from '#app/lib/db.ts';
import { useConnectivity } from '#app/lib/sync/connectivity.ts';
import { drainNow } from '#app/lib/sync/drainer.ts';
import { PROBLEM_STATES, unsentRows } from '#app/lib/sync/outbox.ts';
import { discardLocalChange, keepMine, retryFailedWrite, takeTheirs } from '#app/lib/sync/resolve.ts';
import { writeKindOf } from '#app/lib/sync/write-kinds.ts';
import { showMessage } from './message-banner.ts';
import classes from './sync-status.module.css';
import { counting, useNow, waitText } from './sync-wait.ts';

interface Unsent {
  count: number;
  problems: OutboxRow[];
  /** Pending writes, for what they wait for. */
  pending: OutboxRow[];
}

const NONE: Unsent = { count: 0, problems: [], pending: [] };

/** The local user's writes not yet on the server, and those among them that need the user. */
function useUnsentWrites(): Unsent {
  const databaseUser = useDatabaseUser();
  return useLiveQuery(
    async () => {
      if (!databaseUser) return NONE;
      const rows = await unsentRows();
      return { count: rows.length, problems: rows.filter((row) => PROBLEM_STATES.includes(row.state)), pending: rows.filter((row) => row.state === 'pending') };
    },
    [databaseUser],
    NONE,
  );
}

function run(action: () => Promise<unknown>) {
  action().catch((error: unknown) => showMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) }));
}

function ProblemItem({ row }: { row: OutboxRow }) {
  const { t } = useTranslation('sync');
  const label = writeKindOf(row.kind)?.describe?.(row) ?? t('kinds.generic');
  return (
    <Paper withBorder p="xs" radius="sm" component="li">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        {row.lastError && (
          <Text size="xs" c="red.8">
            {row.lastError}
          </Text>
        )}
        <Group gap="xs">
          {row.state === 'conflict' ? (
            <>
              <Button size="compact-xs" onClick={() => run(() => keepMine(row.id))}>
                {t('actions.keepMine')}
              </Button>
              <Button size="compact-xs" variant="default" onClick={() => run(() => takeTheirs(row.id))}>
                {t('actions.takeTheirs')}
              </Button>
            </>
          ) : (
            <>
              <Button size="compact-xs" onClick={() => run(() => retryFailedWrite(row.id))}>
                {t('actions.retry')}
              </Button>
              <Button size="compact-xs" variant="default" color="red" onClick={() => run(() => discardLocalChange(row.id))}>
                {t('actions.discard')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** What the pending writes wait for: the network, or the server (busy) with the soonest retry's countdown. */
function WaitSummary({ pending }: { pending: OutboxRow[] }) {
  const { t } = useTranslation('sync');
  const now = useNow(pending.some(counting));
  const waits = pending.map((row) => ({ row, wait: waitText(row, now) }));
  const network = waits.filter(({ wait }) => wait?.key === 'wait.network').length;
  const server = waits.filter(({ row }) => counting(row)).toSorted((a, b) => a.row.nextAttemptAt - b.row.nextAttemptAt);
  const soonest = server[0]?.wait;
  if (network === 0 && !soonest) return null;
  return (
    <Stack gap={2} data-testid="sync-waits">
      {network > 0 && <Text size="sm">{t('status.waitingNetwork', { count: network })}</Text>}
      {soonest && <Text size="sm">{t('status.waitingServer', { count: server.length, wait: t(soonest.key, soonest) })}</Text>}
    </Stack>
  );
}

/**
 * The header's sync indicator (docs/architecture.md §4): online/offline and the number of writes not
 * yet on the server, as text (a polite live region), with details (what the writes wait for), "send
 * now" (every waiting write at once, whatever its backoff) and the writes that need the user (retry or discard a refused write; keep mine or take theirs on a conflict).
 */
export function SyncStatus() {
  const { t } = useTranslation('sync');
  const { online } = useConnectivity();
  const { count, problems, pending } = useUnsentWrites();
  const state = online ? t('status.online') : t('status.offline');
  const Icon = !online ? IconCloudOff : count > 0 ? IconCloudUpload : IconCloudCheck;
  const color = !online ? 'red' : problems.length > 0 ? 'orange' : count > 0 ? 'blue' : 'gray';
  // Named on its own: on a phone the text is visually hidden, and screen readers announced only "button" (issue 21).
  const name = count > 0 ? t('status.buttonPending', { state, count }) : t('status.buttonSynced', { state });

  return (
    // The header never scrolls away, so the dropdown need not hide when its target looks detached.
    <Popover position="bottom-end" width={320} withArrow shadow="md" hideDetached={false}>
      <Popover.Target>
        <Button
          variant="subtle"
          color={color}
          size="compact-sm"
          leftSection={<Icon size={18} aria-hidden="true" />}
          data-online={online}
          aria-label={name}
        >
          <span role="status" className={classes.label}>
            {state}
            {count > 0 && ` · ${t('status.pending', { count })}`}
          </span>
          {count > 0 && (
            <span className={classes.mobileCount} aria-hidden="true">
              {count}
            </span>
          )}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Text size="sm" fw={500}>
            {t('status.label', { state })}
          </Text>
          <Text size="sm">
            {!online ? t('status.offlineHint') : count > 0 ? t('status.pendingLong', { count }) : t('status.allSynced')}
          </Text>
          <WaitSummary pending={pending} />
          {count > 0 && (
            // Enabled offline too: a try is also the quickest way to find out the network is back.
            <Button size="xs" variant="light" onClick={() => void drainNow()}>
              {t('status.syncNow')}
            </Button>
          )}
          {problems.length > 0 && (
            <Stack gap="xs">
              <Text size="sm" fw={500}>
                {t('status.problems', { count: problems.length })}
              </Text>
              <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {problems.map((row) => (
                  <ProblemItem key={row.id} row={row} />
                ))}
              </Stack>
            </Stack>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
