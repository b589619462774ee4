import type { OutboxRow } from '../db.ts';
import { waitsForNetwork, type Decision } from './decisions.ts';

/**
 * The drainer's bookkeeping as pure functions: which writes go now, and what an outcome writes on
 * the row. No I/O here, so every rule is table-tested (drain-plan.test.ts).
 */

/** How a row's send ended, as the run loop sees it. */
export type RowOutcome = 'done' | 'retry' | 'waiting' | 'offline' | 'conflict' | 'failed' | 'session-ended' | 'skipped' | 'stopped';

/**
 * The first unsent write of each entity (FIFO per entity), when it is pending and due, oldest first;
 * and when the earliest waiting one is due. `rows` are the unsent rows in queue order.
 */
export function dueHeads(rows: readonly OutboxRow[], now: number, skipped: ReadonlySet<number> = new Set()) {
  const seen = new Set<string>();
  const heads: OutboxRow[] = [];
  let nextAttemptAt: number | null = null;
  for (const row of rows) {
    if (seen.has(row.entityId)) continue;
    seen.add(row.entityId);
    if (row.state !== 'pending' || skipped.has(row.seq!)) continue;
    if (row.nextAttemptAt <= now) heads.push(row);
    else nextAttemptAt = Math.min(nextAttemptAt ?? Infinity, row.nextAttemptAt);
  }
  return { heads, nextAttemptAt };
}

export interface SettleInput {
  row: OutboxRow;
  decision: Exclude<Decision, { action: 'refresh-session' }>;
  now: number;
  /** The answer's status, when there was one. */
  status: number | null;
  /** What to show: the server's message, or ours for no answer; null when nothing went wrong. */
  error: string | null;
}

/** What one decision writes on the row, and what the run loop makes of it. */
export function settleChanges({ row, decision, now, status, error }: SettleInput): { changes: Partial<OutboxRow>; outcome: RowOutcome } {
  const answered = { attempts: row.attempts + 1, lastStatus: status, networkFailures: 0 };
  switch (decision.action) {
    case 'done':
      return { changes: { state: 'done', doneAt: now, ...answered, lastError: null, waitReason: null }, outcome: 'done' };
    case 'retry':
      return { changes: { state: 'pending', ...answered, nextAttemptAt: decision.at, lastError: error, waitReason: decision.reason }, outcome: 'retry' };
    case 'wait': {
      const network = waitsForNetwork(decision.reason);
      const changes: Partial<OutboxRow> = { state: 'pending', nextAttemptAt: decision.at, waitReason: decision.reason };
      if (network) Object.assign(changes, { networkFailures: (row.networkFailures ?? 0) + 1, lastError: error });
      return { changes, outcome: network ? 'offline' : 'waiting' };
    }
    case 'conflict':
    case 'failed':
      return { changes: { state: decision.action, ...answered, lastError: error, waitReason: null }, outcome: decision.action };
    case 'session-ended':
      // Not the write's fault: it stays queued, untouched, for the next sign-in.
      return { changes: { state: 'pending', lastStatus: 401 }, outcome: 'session-ended' };
  }
}

/** Rows made due at once: those waiting for the network (connectivity returned), or every pending one but paused uploads ("send now"). */
export function rowsToWake(rows: readonly OutboxRow[], scope: 'network' | 'all'): OutboxRow[] {
  return rows.filter((row) => row.state === 'pending' && row.waitReason !== 'paused' && (scope === 'all' || waitsForNetwork(row.waitReason)));
}
