import { refreshSession as refreshApiSession } from '../api-client.ts';
import { db as database, getDatabaseUser, localWrite, type OutboxRow, type StoredFile } from '../db.ts';
import { i18n } from '../i18n.ts';
import { readAuthState } from '../session.ts';
import { reportNetworkFailure, reportServerReached } from './connectivity.ts';
import { decide, type Decision, type SendResult } from './decisions.ts';
import { UNSENT_STATES, deleteUnusedFiles, onEnqueued } from './outbox.ts';
import { senderFor, type SendOutcome, type SenderRegistration } from './senders.ts';

/**
 * The outbox drainer (DESIGN.md §4): sends queued writes, one drainer at a time across tabs (Web
 * Locks; within a tab, one run at a time), FIFO per entity (a later write to an entity waits until
 * the earlier one is accepted), and acts on each answer as `decide` says.
 */

export const OUTBOX_LOCK = 'dosehub-outbox';
export const SYNC_CHANNEL = 'dosehub-sync';
const DEFAULT_TIMEOUT_MS = 30_000;
const FILE_TIMEOUT_MS = 10 * 60_000;
/** Done rows stay a day (to answer "was it sent?"), then go. */
const DONE_RETENTION_MS = 24 * 3600_000;
/** Another tab holds the lock: look again after this long (it may have finished before our row was queued). */
const BUSY_RECHECK_MS = 3_000;

export type DrainStatus =
  /** Nothing left to send now. */
  | 'drained'
  /** Writes wait for their retry time (`nextAttemptAt`). */
  | 'waiting'
  /** Another tab is draining. */
  | 'busy'
  /** The network failed; writes wait for their retry time or the network. */
  | 'offline'
  /** A 401 that a refresh did not cure: nothing is sent until the next sign-in. */
  | 'session-ended'
  /** No signed-in user, or the local data belongs to another user. */
  | 'signed-out'
  /** `stop()` was called. */
  | 'stopped';

export interface DrainReport {
  status: DrainStatus;
  /** Writes the server accepted in this run. */
  sent: number;
  /** When the earliest waiting write is due, if any. */
  nextAttemptAt: number | null;
}

/** The part of the Web Locks API the drainer uses (a fake in tests). */
export interface LockManagerLike {
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

export interface DrainerOptions {
  /** null: no Web Locks (exclusion among this tab's drainers only). Default: `navigator.locks` when present. */
  locks?: LockManagerLike | null;
  now?: () => number;
  random?: () => number;
  refreshSession?: () => Promise<boolean>;
  /** The signed-in user (default: the session cookies). */
  sessionUserId?: () => string | null;
  /** The user the local data belongs to (default: the database's). */
  databaseUserId?: () => string | null;
  /** Writes sent at the same time (to different entities). */
  concurrency?: number;
  /** A send got no answer: connectivity should look again. */
  onNetworkFailure?: () => void;
  /** A send got an answer: the server is reachable. */
  onServerReached?: () => void;
}

type RowOutcome = 'done' | 'retry' | 'offline' | 'conflict' | 'failed' | 'session-ended' | 'skipped' | 'stopped';

interface Attempt {
  result: SendResult | { type: 'stopped' };
  body: unknown;
}

function defaultLocks(): LockManagerLike | null {
  return typeof navigator !== 'undefined' && navigator.locks ? (navigator.locks as unknown as LockManagerLike) : null;
}

/**
 * Where Web Locks are missing (Safari before 15.4): exclusion within this tab only, shared by every
 * drainer of the tab. Two tabs may then both drain; the Idempotency-Key keeps the server from
 * applying a write twice, and a second send of a key still running gets 409 + Retry-After.
 */
const heldInTab = new Set<string>();
const inTabLocks: LockManagerLike = {
  async request(name, _options, callback) {
    if (heldInTab.has(name)) return callback(null);
    heldInTab.add(name);
    try {
      return await callback({ name });
    } finally {
      heldInTab.delete(name);
    }
  },
};

/** The first message of `{"errors": [...]}`, if the body is that. */
function serverMessage(body: unknown): string | null {
  if (body && typeof body === 'object' && Array.isArray((body as { errors?: unknown }).errors)) {
    const [first] = (body as { errors: unknown[] }).errors;
    return first === undefined ? null : String(first);
  }
  return null;
}

async function readBody(response: Response | SendOutcome): Promise<unknown> {
  if (!(typeof Response !== 'undefined' && response instanceof Response)) return (response as SendOutcome).body ?? null;
  if (response.status === 204) return null;
  try {
    return await response.json();
  } catch {
    return null;
  }
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

export function createDrainer(options: DrainerOptions = {}) {
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const refreshSession = options.refreshSession ?? refreshApiSession;
  const sessionUserId = options.sessionUserId ?? (() => readAuthState()?.id ?? null);
  const databaseUserId = options.databaseUserId ?? getDatabaseUser;
  const concurrency = Math.max(1, options.concurrency ?? 4);

  let running: Promise<DrainReport> | null = null;
  let runAgain = false;
  let stopController = new AbortController();
  let sessionEnded = false;
  let started = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cleanups: Array<() => void> = [];

  const message = (key: string, values?: Record<string, unknown>) => i18n.t(`sync:errors.${key}`, values);

  // ---- one row ------------------------------------------------------------------------------------

  async function claim(row: OutboxRow): Promise<OutboxRow | null> {
    return localWrite([database.outbox], async () => {
      const current = await database.outbox.get(row.seq!);
      if (!current || current.id !== row.id || current.state !== 'pending') return null;
      await database.outbox.update(row.seq!, { state: 'sending' });
      return current;
    });
  }

  async function attempt(registration: SenderRegistration, row: OutboxRow, files: StoredFile[]): Promise<Attempt> {
    const timeout = new AbortController();
    const timeoutMs = registration.timeoutMs ?? (row.fileIds.length > 0 ? FILE_TIMEOUT_MS : DEFAULT_TIMEOUT_MS);
    const timeoutTimer = setTimeout(() => timeout.abort(), timeoutMs);
    const stopSignal = stopController.signal;
    try {
      const response = await registration.send(row, files, { signal: anySignal([stopSignal, timeout.signal]) });
      const body = await readBody(response);
      options.onServerReached?.();
      const retryAfter = response.headers?.get('Retry-After') ?? null;
      return { result: { type: 'response', status: response.status, retryAfter }, body };
    } catch {
      if (stopSignal.aborted) return { result: { type: 'stopped' }, body: null };
      return { result: { type: timeout.signal.aborted ? 'timeout' : 'network' }, body: null };
    } finally {
      clearTimeout(timeoutTimer);
    }
  }

  /** Writes the decision on the row (if it is still the row we sent: a wipe or a discard may have removed it). */
  async function settle(row: OutboxRow, changes: Partial<OutboxRow>, extra?: () => Promise<void>) {
    await localWrite([database.outbox, database.blobs, database.meta], async () => {
      const current = await database.outbox.get(row.seq!);
      if (!current || current.id !== row.id) return;
      await database.outbox.update(row.seq!, changes);
      await extra?.();
    });
  }

  function errorText(attemptResult: Attempt, fallbackKey: string) {
    const { result, body } = attemptResult;
    if (result.type === 'network') return message('network');
    if (result.type === 'timeout') return message('timeout');
    if (result.type === 'stopped') return null;
    return serverMessage(body) ?? message(fallbackKey, { status: result.status });
  }

  async function processRow(row: OutboxRow): Promise<RowOutcome> {
    const registration = senderFor(row.kind);
    if (!registration) return 'skipped';
    const claimed = await claim(row);
    if (!claimed) return 'skipped';
    const lastStatus = (a: Attempt) => (a.result.type === 'response' ? a.result.status : null);

    const files = await database.blobs.bulkGet(claimed.fileIds);
    if (files.some((file) => file === undefined)) {
      await settle(claimed, { state: 'failed', lastError: message('fileMissing'), lastStatus: null });
      return 'failed';
    }

    let refreshed = false;
    let sent: Attempt;
    let decision: Decision;
    for (;;) {
      sent = await attempt(registration, claimed, files as StoredFile[]);
      if (sent.result.type === 'stopped') {
        await settle(claimed, { state: 'pending' });
        return 'stopped';
      }
      decision = decide(sent.result, {
        attempts: claimed.attempts,
        now: now(),
        random: random(),
        method: registration.method,
        goneIsDone: registration.goneIsDone,
        refreshed,
      });
      if (decision.action !== 'refresh-session') break;
      refreshed = true;
      if (!(await refreshSession())) {
        decision = { action: 'session-ended' };
        break;
      }
    }

    const attempts = claimed.attempts + 1;
    switch (decision.action) {
      case 'done':
        await settle(claimed, { state: 'done', doneAt: now(), attempts, lastError: null, lastStatus: lastStatus(sent) }, () =>
          deleteUnusedFiles(claimed.fileIds),
        );
        try {
          await registration.onDone?.(claimed, sent.body);
        } catch (error) {
          // The server has the write; a failure to apply its answer locally is fixed by the next pull.
          console.error('outbox: onDone failed', error);
        }
        return 'done';
      case 'retry':
        await settle(claimed, {
          state: 'pending',
          attempts,
          nextAttemptAt: decision.at,
          lastError: errorText(sent, 'server'),
          lastStatus: lastStatus(sent),
        });
        if (decision.reason === 'network' || decision.reason === 'timeout') {
          options.onNetworkFailure?.();
          return 'offline';
        }
        return 'retry';
      case 'conflict':
      case 'failed':
        await settle(claimed, { state: decision.action, attempts, lastError: errorText(sent, 'rejected'), lastStatus: lastStatus(sent) });
        return decision.action;
      case 'session-ended':
        // Not the write's fault: it stays queued, untouched, for the next sign-in.
        await settle(claimed, { state: 'pending', lastStatus: 401 });
        return 'session-ended';
    }
  }

  // ---- one run ------------------------------------------------------------------------------------

  /** The first unsent write of each entity, when it is pending and due; and when the next waiting one is due. */
  async function scan(skipped: Set<number>) {
    const rows = await database.outbox.where('state').anyOf(UNSENT_STATES).sortBy('seq');
    const seen = new Set<string>();
    const heads: OutboxRow[] = [];
    let nextAttemptAt: number | null = null;
    const time = now();
    for (const row of rows) {
      if (seen.has(row.entityId)) continue;
      seen.add(row.entityId);
      if (row.state !== 'pending' || skipped.has(row.seq!)) continue;
      if (row.nextAttemptAt <= time) heads.push(row);
      else nextAttemptAt = Math.min(nextAttemptAt ?? Infinity, row.nextAttemptAt);
    }
    return { heads, nextAttemptAt };
  }

  /** Holding the lock: rows left 'sending' by a closed tab go back to 'pending'; old done rows go. */
  async function tidy() {
    await localWrite([database.outbox], async () => {
      await database.outbox.where('state').equals('sending').modify({ state: 'pending' });
      const before = now() - DONE_RETENTION_MS;
      await database.outbox
        .where('state')
        .equals('done')
        .filter((row) => (row.doneAt ?? 0) < before)
        .delete();
    });
  }

  async function drainPasses(): Promise<DrainReport> {
    if (sessionEnded) return { status: 'session-ended', sent: 0, nextAttemptAt: null };
    const owner = databaseUserId();
    if (!owner || sessionUserId() !== owner) return { status: 'signed-out', sent: 0, nextAttemptAt: null };
    await tidy();
    const skipped = new Set<number>();
    let sent = 0;
    for (;;) {
      if (stopController.signal.aborted) return { status: 'stopped', sent, nextAttemptAt: null };
      if (sessionUserId() !== owner) return { status: 'signed-out', sent, nextAttemptAt: null };
      const { heads, nextAttemptAt } = await scan(skipped);
      if (heads.length === 0) return { status: nextAttemptAt === null ? 'drained' : 'waiting', sent, nextAttemptAt };
      for (let i = 0; i < heads.length; i += concurrency) {
        const batch = heads.slice(i, i + concurrency);
        const outcomes = await Promise.all(batch.map(processRow));
        batch.forEach((row, index) => {
          if (outcomes[index] === 'skipped') skipped.add(row.seq!);
        });
        sent += outcomes.filter((outcome) => outcome === 'done').length;
        if (outcomes.includes('stopped')) return { status: 'stopped', sent, nextAttemptAt: null };
        if (outcomes.includes('session-ended')) {
          sessionEnded = true;
          return { status: 'session-ended', sent, nextAttemptAt: null };
        }
        if (outcomes.includes('offline')) return { status: 'offline', sent, nextAttemptAt: (await scan(skipped)).nextAttemptAt };
      }
    }
  }

  function runExclusive(): Promise<DrainReport> {
    return (locks ?? inTabLocks).request(OUTBOX_LOCK, { ifAvailable: true }, async (lock) =>
      lock ? drainPasses() : { status: 'busy' as const, sent: 0, nextAttemptAt: null },
    );
  }

  function schedule(report: DrainReport) {
    clearTimeout(timer);
    timer = undefined;
    if (!started) return;
    let at: number | null = report.nextAttemptAt;
    if (report.status === 'busy') at = now() + BUSY_RECHECK_MS;
    if (at === null || report.status === 'session-ended' || report.status === 'signed-out' || report.status === 'stopped') return;
    timer = setTimeout(() => void drain(), Math.max(250, at - now()));
  }

  /**
   * Sends what is due. Calls during a run are folded into one more run after it (so a write queued
   * meanwhile is not missed); the promise settles when the runs end.
   */
  function drain(): Promise<DrainReport> {
    if (running) {
      runAgain = true;
      return running;
    }
    const run = (async () => {
      let report: DrainReport;
      do {
        runAgain = false;
        report = await runExclusive();
      } while (runAgain && (report.status === 'drained' || report.status === 'waiting' || report.status === 'busy'));
      return report;
    })();
    running = run;
    const finish = () => {
      running = null;
    };
    run.then(
      (report) => {
        finish();
        schedule(report);
      },
      (error: unknown) => {
        finish();
        console.error('outbox: drain failed', error);
      },
    );
    return run;
  }

  /** Starts the triggers: now, `online`, focus, visibility, writes queued in this tab, the service worker's `sync`, and the retry timer. */
  function start() {
    if (started) return;
    started = true;
    const trigger = () => void drain();
    const onVisible = () => {
      if (document.visibilityState === 'visible') trigger();
    };
    const onWorkerMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === 'sync') trigger();
    };
    window.addEventListener('online', trigger);
    window.addEventListener('focus', trigger);
    document.addEventListener('visibilitychange', onVisible);
    cleanups = [
      () => window.removeEventListener('online', trigger),
      () => window.removeEventListener('focus', trigger),
      () => document.removeEventListener('visibilitychange', onVisible),
      onEnqueued(trigger),
    ];
    if (typeof BroadcastChannel !== 'undefined') {
      const channel = new BroadcastChannel(SYNC_CHANNEL);
      channel.addEventListener('message', onWorkerMessage);
      cleanups.push(() => channel.close());
    }
    const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    if (worker) {
      worker.addEventListener('message', onWorkerMessage);
      cleanups.push(() => worker.removeEventListener('message', onWorkerMessage));
    }
    trigger();
  }

  /** Stops the triggers and the timer, and aborts a send in flight (its write stays queued). Resolves when the run has ended. */
  async function stop() {
    started = false;
    cleanups.forEach((cleanup) => cleanup());
    cleanups = [];
    clearTimeout(timer);
    timer = undefined;
    stopController.abort();
    await running?.catch(() => undefined);
    // Later drains (a manual "send now") may run again.
    stopController = new AbortController();
  }

  /** A new sign-in: a drain stopped by an ended session may go again. */
  function resumeSession() {
    sessionEnded = false;
  }

  return { drain, start, stop, resumeSession, isStarted: () => started };
}

export type Drainer = ReturnType<typeof createDrainer>;

/** The app's drainer: its failures and answers feed connectivity. */
export const outboxDrainer = createDrainer({ onNetworkFailure: reportNetworkFailure, onServerReached: reportServerReached });

/** Sends queued writes now (e.g. "sync now", or the user chose to wait before logging out). */
export function drainNow() {
  return outboxDrainer.drain();
}
