import type { ApiProblem } from '#shared/schemas/api-errors.ts';
import { db, type OutboxRow, type StoredFile } from '../db.ts';
import { i18n } from '../i18n.ts';
import { decide, type Decision, type SendOutcome } from './decisions.ts';
import { settleChanges } from './drain-plan.ts';
import { claim, settle } from './outbox.ts';
import { writeKindOf, type WriteKind } from './write-kinds.ts';

/**
 * One queued write, from claiming it to writing what its answer means (docs/architecture.md §4).
 * The rules live in decisions.ts and drain-plan.ts; this file does the I/O around them.
 */

const DEFAULT_TIMEOUT_MS = 30_000;
const FILE_TIMEOUT_MS = 10 * 60_000;

export interface SendRowContext {
  now: () => number;
  random: () => number;
  refreshSession: () => Promise<boolean>;
  /** Aborted when the drainer stops: the write goes back to pending, untouched. */
  stopSignal: AbortSignal;
  onNetworkFailure?: () => void;
  onServerReached?: () => void;
}

/** The send was stopped (the drainer's `stop()`): nothing to decide. */
const STOPPED = null;

const message = (key: string, values?: Record<string, unknown>) => i18n.t(`sync:errors.${key}`, values);


function anySignal(signals: AbortSignal[]): AbortSignal {
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

async function attempt(kind: WriteKind, row: OutboxRow, files: StoredFile[], context: SendRowContext): Promise<SendOutcome | typeof STOPPED> {
  const timeout = new AbortController();
  const timeoutMs = kind.timeoutMs ?? (row.fileIds.length > 0 ? FILE_TIMEOUT_MS : DEFAULT_TIMEOUT_MS);
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  try {
    const outcome = await kind.send(row, files, { signal: anySignal([context.stopSignal, timeout.signal]) });
    if (outcome.type !== 'deferred') context.onServerReached?.();
    return outcome;
  } catch {
    if (context.stopSignal.aborted) return STOPPED;
    return { type: 'no-answer', reason: timeout.signal.aborted ? 'timeout' : 'network' };
  } finally {
    clearTimeout(timer);
  }
}

/** What to show: the server's first problem, or ours for no answer (or an answer without one); null when nothing went wrong. */
function problemOf(outcome: SendOutcome, decision: Decision): ApiProblem | null {
  if (decision.action === 'done') return null;
  switch (outcome.type) {
    case 'no-answer':
      return { message: message(outcome.reason) };
    case 'refused':
      return outcome.problems[0] ?? { message: message(decision.action === 'retry' ? 'server' : 'rejected', { status: outcome.status }) };
    default:
      return null;
  }
}

/** Sends, refreshing the session once on a 401. A refresh without the server's verdict counts as a send without an answer. */
async function sendWithRefresh(kind: WriteKind, row: OutboxRow, files: StoredFile[], context: SendRowContext) {
  let outcome = await attempt(kind, row, files, context);
  for (let refreshed = false; ; refreshed = true) {
    if (outcome === STOPPED) return null;
    const decision = decide(outcome, {
      attempts: row.attempts,
      networkFailures: row.networkFailures ?? 0,
      now: context.now(),
      random: context.random(),
      method: kind.method,
      goneIsDone: kind.goneIsDone,
      refreshed,
    });
    if (decision.action !== 'refresh-session') return { outcome, decision };
    const renewed = await context.refreshSession().catch(() => null);
    if (renewed === false) return { outcome, decision: { action: 'session-ended' } as const };
    outcome = renewed === null ? ({ type: 'no-answer', reason: 'network' } as const) : await attempt(kind, row, files, context);
  }
}

/** Sends one row and writes what its outcome means on it. Resolves the decision, or null when nothing was sent (not claimed, no such kind, stopped). */
export async function sendRow(row: OutboxRow, context: SendRowContext): Promise<Decision | null> {
  const kind = writeKindOf(row.kind);
  if (!kind) return null;
  const claimed = await claim(row);
  if (!claimed) return null;

  const files = await db.blobs.bulkGet(claimed.fileIds);
  if (files.some((file) => file === undefined)) {
    await settle(claimed, { state: 'failed', lastError: message('fileMissing'), lastStatus: null, waitReason: null });
    return { action: 'failed' };
  }

  const sent = await sendWithRefresh(kind, claimed, files as StoredFile[], context);
  if (!sent) {
    await settle(claimed, { state: 'pending' });
    return null;
  }
  const { outcome, decision } = sent;
  const status = outcome.type === 'accepted' || outcome.type === 'refused' ? outcome.status : null;
  await settle(claimed, settleChanges({ row: claimed, decision, now: context.now(), status, problem: problemOf(outcome, decision) }));
  if (decision.action === 'wait' && outcome.type === 'no-answer') context.onNetworkFailure?.();
  if (decision.action === 'done') await applyAnswer(kind, claimed, outcome.type === 'accepted' ? outcome.answer : null);
  return decision;
}

async function applyAnswer(kind: WriteKind, row: OutboxRow, answer: unknown) {
  try {
    await kind.onDone?.(row, answer);
  } catch (error) {
    // The server has the write; a failure to apply its answer locally is fixed by the next pull.
    console.error('outbox: onDone failed', error);
  }
}
