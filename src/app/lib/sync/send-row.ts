import { db, localWrite, type OutboxRow, type StoredFile } from '../db.ts';
import { i18n } from '../i18n.ts';
import { decide, type Decision, type SendResult } from './decisions.ts';
import { settleChanges, type RowOutcome } from './drain-plan.ts';
import { deleteUnusedFiles } from './outbox.ts';
import { isDeferral, senderFor, type Answer, type SenderRegistration } from './senders.ts';

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

interface Attempt {
  result: SendResult | { type: 'stopped' };
  /** The answer's body (the typed answer on success, `{"errors"}` otherwise). */
  body: unknown;
}

const message = (key: string, values?: Record<string, unknown>) => i18n.t(`sync:errors.${key}`, values);

/** The first message of `{"errors": [...]}`, if the body is that. */
function serverMessage(body: unknown): string | null {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return null;
  return String(errors[0]);
}

async function readAnswer(delivery: Response | Answer): Promise<unknown> {
  if (!(typeof Response !== 'undefined' && delivery instanceof Response)) return delivery.body ?? null;
  if (delivery.status === 204) return null;
  return delivery.json().catch(() => null);
}

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

async function attempt(registration: SenderRegistration, row: OutboxRow, files: StoredFile[], context: SendRowContext): Promise<Attempt> {
  const timeout = new AbortController();
  const timeoutMs = registration.timeoutMs ?? (row.fileIds.length > 0 ? FILE_TIMEOUT_MS : DEFAULT_TIMEOUT_MS);
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  try {
    const delivery = await registration.send(row, files, { signal: anySignal([context.stopSignal, timeout.signal]) });
    if (isDeferral(delivery)) return { result: { type: 'deferred', reason: delivery.deferred, retryAfterMs: delivery.retryAfterMs }, body: null };
    const body = await readAnswer(delivery);
    context.onServerReached?.();
    return { result: { type: 'response', status: delivery.status, retryAfter: delivery.headers?.get('Retry-After') ?? null }, body };
  } catch {
    if (context.stopSignal.aborted) return { result: { type: 'stopped' }, body: null };
    return { result: { type: timeout.signal.aborted ? 'timeout' : 'network' }, body: null };
  } finally {
    clearTimeout(timer);
  }
}

/** Takes a pending row for sending, unless another run or a user's choice changed it meanwhile. */
function claim(row: OutboxRow): Promise<OutboxRow | null> {
  return localWrite([db.outbox], async () => {
    const current = await db.outbox.get(row.seq!);
    if (!current || current.id !== row.id || current.state !== 'pending') return null;
    await db.outbox.update(row.seq!, { state: 'sending' });
    return current;
  });
}

/** Writes on the row (if it is still the row we sent: a wipe or a discard may have removed it). */
async function settle(row: OutboxRow, changes: Partial<OutboxRow>, extra?: () => Promise<void>) {
  await localWrite([db.outbox, db.blobs, db.meta], async () => {
    const current = await db.outbox.get(row.seq!);
    if (!current || current.id !== row.id) return;
    await db.outbox.update(row.seq!, changes);
    await extra?.();
  });
}

function errorText({ result, body }: Attempt, decision: Decision): string | null {
  if (decision.action === 'done') return null;
  if (result.type === 'network') return message('network');
  if (result.type === 'timeout') return message('timeout');
  if (result.type !== 'response') return null;
  return serverMessage(body) ?? message(decision.action === 'retry' ? 'server' : 'rejected', { status: result.status });
}

/** Sends, refreshing the session once on a 401. */
async function sendWithRefresh(registration: SenderRegistration, row: OutboxRow, files: StoredFile[], context: SendRowContext) {
  for (let refreshed = false; ; refreshed = true) {
    const sent = await attempt(registration, row, files, context);
    if (sent.result.type === 'stopped') return { sent, decision: null };
    const decision = decide(sent.result, {
      attempts: row.attempts,
      networkFailures: row.networkFailures ?? 0,
      now: context.now(),
      random: context.random(),
      method: registration.method,
      goneIsDone: registration.goneIsDone,
      refreshed,
    });
    if (decision.action !== 'refresh-session') return { sent, decision };
    if (!(await context.refreshSession())) return { sent, decision: { action: 'session-ended' } as const };
  }
}

export async function sendRow(row: OutboxRow, context: SendRowContext): Promise<RowOutcome> {
  const registration = senderFor(row.kind);
  if (!registration) return 'skipped';
  const claimed = await claim(row);
  if (!claimed) return 'skipped';

  const files = await db.blobs.bulkGet(claimed.fileIds);
  if (files.some((file) => file === undefined)) {
    await settle(claimed, { state: 'failed', lastError: message('fileMissing'), lastStatus: null, waitReason: null });
    return 'failed';
  }

  const { sent, decision } = await sendWithRefresh(registration, claimed, files as StoredFile[], context);
  if (!decision) {
    await settle(claimed, { state: 'pending' });
    return 'stopped';
  }
  const status = sent.result.type === 'response' ? sent.result.status : null;
  const { changes, outcome } = settleChanges({ row: claimed, decision, now: context.now(), status, error: errorText(sent, decision) });
  await settle(claimed, changes, outcome === 'done' ? () => deleteUnusedFiles(claimed.fileIds) : undefined);
  if (outcome === 'offline') context.onNetworkFailure?.();
  if (outcome === 'done') await applyAnswer(registration, claimed, sent.body);
  return outcome;
}

async function applyAnswer(registration: SenderRegistration, row: OutboxRow, answer: unknown) {
  try {
    await registration.onDone?.(row, answer);
  } catch (error) {
    // The server has the write; a failure to apply its answer locally is fixed by the next pull.
    console.error('outbox: onDone failed', error);
  }
}
