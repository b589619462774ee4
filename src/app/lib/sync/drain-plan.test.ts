import type { OutboxRow } from '../db.ts';
import { dueHeads, rowsToWake, settleChanges } from './drain-plan.ts';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
let seq = 0;
const row = (entityId: string, changes: Partial<OutboxRow> = {}): OutboxRow => ({
  seq: ++seq,
  id: `row-${seq}`,
  kind: 'thing.update',
  entityId,
  payload: {},
  fileIds: [],
  queuedAt: NOW,
  attempts: 0,
  state: 'pending',
  lastError: null,
  lastStatus: null,
  nextAttemptAt: NOW,
  ...changes,
});

describe('dueHeads: what goes now', () => {
  it('takes the first unsent write of each entity when due, and says when the earliest other one is', () => {
    const a1 = row('a');
    const a2 = row('a');
    const b1 = row('b', { nextAttemptAt: NOW + 5_000 });
    const c1 = row('c', { state: 'failed' });
    const c2 = row('c');
    const d1 = row('d', { nextAttemptAt: NOW + 2_000 });
    const { heads, nextAttemptAt } = dueHeads([a1, a2, b1, c1, c2, d1], NOW);
    // a2 waits behind a1; c2 behind the failed c1 (it needs the user); b1 and d1 are not due.
    expect(heads).toEqual([a1]);
    expect(nextAttemptAt).toBe(NOW + 2_000);
  });

  it('passes over rows skipped in this run (no sender for their kind yet), and those being sent', () => {
    const a1 = row('a');
    const b1 = row('b', { state: 'sending' });
    expect(dueHeads([a1, b1], NOW, new Set([a1.seq!]))).toEqual({ heads: [], nextAttemptAt: null });
  });
});

describe('settleChanges: what an outcome writes on the row', () => {
  const settle = (decision: Parameters<typeof settleChanges>[0]['decision'], changes: Partial<OutboxRow> = {}, status: number | null = null) =>
    settleChanges({ row: row('a', { attempts: 2, networkFailures: 3, ...changes }), decision, now: NOW, status, problem: { message: 'boom', field: 'name' } });

  it.each([
    ['done', { action: 'done' }, 204, { state: 'done', doneAt: NOW, attempts: 3, networkFailures: 0, lastStatus: 204, lastError: null, lastErrorField: null, waitReason: null }],
    ['server busy', { action: 'retry', at: NOW + 4_000, reason: 'server' }, 503, { state: 'pending', attempts: 3, networkFailures: 0, lastStatus: 503, nextAttemptAt: NOW + 4_000, waitReason: 'server', lastError: 'boom', lastErrorField: 'name' }],
    ['no answer', { action: 'wait', at: NOW + 8_000, reason: 'network' }, null, { state: 'pending', nextAttemptAt: NOW + 8_000, waitReason: 'network', networkFailures: 4, lastError: 'boom', lastErrorField: 'name' }],
    ['paused upload', { action: 'wait', at: NOW + 3_600_000, reason: 'paused' }, null, { state: 'pending', nextAttemptAt: NOW + 3_600_000, waitReason: 'paused' }],
    ['conflict', { action: 'conflict' }, 412, { state: 'conflict', attempts: 3, networkFailures: 0, lastStatus: 412, lastError: 'boom', lastErrorField: 'name', waitReason: null }],
    ['refused', { action: 'failed' }, 400, { state: 'failed', attempts: 3, networkFailures: 0, lastStatus: 400, lastError: 'boom', lastErrorField: 'name', waitReason: null }],
    ['session ended', { action: 'session-ended' }, 401, { state: 'pending', lastStatus: 401 }],
  ] as const)('%s', (_label, decision, status, expected) => {
    expect(settle(decision, {}, status)).toEqual(expected);
  });

  it('no answer and deferrals never count as attempts (the backoff does not grow)', () => {
    expect(settle({ action: 'wait', at: NOW, reason: 'timeout' })).not.toHaveProperty('attempts');
    expect(settle({ action: 'wait', at: NOW, reason: 'dependency' })).not.toHaveProperty('attempts');
  });
});

describe('rowsToWake', () => {
  const network = row('a', { waitReason: 'network', nextAttemptAt: NOW + 8_000 });
  const timeout = row('b', { waitReason: 'timeout', nextAttemptAt: NOW + 8_000 });
  const busy = row('c', { waitReason: 'server', nextAttemptAt: NOW + 60_000 });
  const paused = row('d', { waitReason: 'paused', nextAttemptAt: NOW + 3_600_000 });
  const refused = row('e', { state: 'failed' });
  const rows = [network, timeout, busy, paused, refused];

  it('reconnected: the writes that waited for the network', () => {
    expect(rowsToWake(rows, 'network')).toEqual([network, timeout]);
  });

  it('"send now": every pending write whatever its backoff, but a paused upload stays paused', () => {
    expect(rowsToWake(rows, 'all')).toEqual([network, timeout, busy]);
  });
});
