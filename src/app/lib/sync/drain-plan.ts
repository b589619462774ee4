import type { ApiProblem } from '#shared/schemas/api-errors.ts';
import type { OutboxRow } from '../db.ts';
import { waitsForNetwork, type Decision } from './decisions.ts';

/**
 * The drainer's bookkeeping as pure functions: which writes go now, and what an outcome writes on
 * the row. No I/O here, so every rule is table-tested (drain-plan.test.ts).
 */

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
  /** What to show: the server's problem, or ours for no answer; null when nothing went wrong. */
  problem: ApiProblem | null;
}

/** What one decision writes on the row. */
export function settleChanges({ row, decision, now, status, problem }: SettleInput): Partial<OutboxRow> {
  const answered = { attempts: row.attempts + 1, lastStatus: status, networkFailures: 0 };
  const error = { lastError: problem?.message ?? null, lastErrorField: problem?.field ?? null };
  switch (decision.action) {
    case 'done':
      return { state: 'done', doneAt: now, ...answered, lastError: null, lastErrorField: null, waitReason: null };
    case 'retry':
      return { state: 'pending', ...answered, nextAttemptAt: decision.at, ...error, waitReason: decision.reason };
    case 'wait': {
      const changes: Partial<OutboxRow> = { state: 'pending', nextAttemptAt: decision.at, waitReason: decision.reason };
      return waitsForNetwork(decision.reason) ? { ...changes, networkFailures: (row.networkFailures ?? 0) + 1, ...error } : changes;
    }
    case 'conflict':
    case 'failed':
      return { state: decision.action, ...answered, ...error, waitReason: null };
    case 'session-ended':
      // Not the write's fault: it stays queued, untouched, for the next sign-in.
      return { state: 'pending', lastStatus: 401 };
  }
}

/** Rows made due at once: those waiting for the network (connectivity returned), or every pending one but paused uploads ("send now"). */
export function rowsToWake(rows: readonly OutboxRow[], scope: 'network' | 'all'): OutboxRow[] {
  return rows.filter((row) => row.state === 'pending' && row.waitReason !== 'paused' && (scope === 'all' || waitsForNetwork(row.waitReason)));
}
