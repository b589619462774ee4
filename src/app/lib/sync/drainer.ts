import { refreshSession as refreshApiSession } from '../api-client.ts';
import { getDatabaseUser } from '../db.ts';
import { readAuthState } from '../session.ts';
import { reportNetworkFailure, reportServerReached, subscribeConnectivity } from './connectivity.ts';
import { listenForDrainTriggers, requestBackgroundSync } from './drain-triggers.ts';
import { waitsForNetwork, type Decision } from './decisions.ts';
import { dueHeads, rowsToWake } from './drain-plan.ts';
import { tidy, unsentRows, wake } from './outbox.ts';
import { sendRow, type SendRowContext } from './send-row.ts';

/**
 * The outbox drainer (docs/architecture.md §4): sends queued writes, one drainer at a time across
 * tabs (Web Locks; within a tab, one run at a time), FIFO per entity (a later write to an entity waits
 * until the earlier one is accepted), each row as send-row.ts says.
 */

export const OUTBOX_LOCK = 'dosehub-outbox';
/** Another tab holds the lock: look again after this long (it may have finished before our row was queued). */
const BUSY_RECHECK_MS = 3_000;

export type DrainStatus =
  /** Nothing left to send now. */
  | 'drained'
  /** Writes wait for their retry time (`nextAttemptAt`). */
  | 'waiting'
  /** Another tab is draining. */
  | 'busy'
  /** The network failed; writes wait for the network (due again the moment it returns). */
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
  /** Told when the server is reachable again (default: connectivity.ts); the writes waiting for the network go at once. */
  subscribeReconnect?: (listener: () => void) => () => void;
}

/** What "send" means to the caller: what is due, or everything waiting whatever its backoff ("send now"). */
export interface DrainRequest {
  wake?: 'network' | 'all';
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

/** How a pass of sends ends the run, if it does (null: a row not sent, by the drainer's stop or a user's change). */
function runEnd(decisions: (Decision | null)[], stopped: boolean): DrainStatus | null {
  if (stopped) return 'stopped';
  if (decisions.some((decision) => decision?.action === 'session-ended')) return 'session-ended';
  if (decisions.some((decision) => decision?.action === 'wait' && waitsForNetwork(decision.reason))) return 'offline';
  return null;
}

export function createDrainer(options: DrainerOptions = {}) {
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const now = options.now ?? Date.now;
  const sessionUserId = options.sessionUserId ?? (() => readAuthState()?.id ?? null);
  const databaseUserId = options.databaseUserId ?? getDatabaseUser;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const subscribeReconnect =
    options.subscribeReconnect ?? ((listener: () => void) => subscribeConnectivity(({ online }) => online && listener()));

  let running: Promise<DrainReport> | null = null;
  let pendingWake: DrainRequest['wake'] | undefined;
  let runAgain = false;
  let stopController = new AbortController();
  let sessionEnded = false;
  let started = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopTriggers: (() => void) | null = null;

  const rowContext = (): SendRowContext => ({
    now,
    random: options.random ?? Math.random,
    refreshSession: options.refreshSession ?? refreshApiSession,
    stopSignal: stopController.signal,
    onNetworkFailure: options.onNetworkFailure,
    onServerReached: options.onServerReached,
  });

  async function drainPasses(wakeScope: DrainRequest['wake']): Promise<DrainReport> {
    const report = (status: DrainStatus, sent: number, nextAttemptAt: number | null = null): DrainReport => ({ status, sent, nextAttemptAt });
    if (sessionEnded) return report('session-ended', 0);
    const owner = databaseUserId();
    if (!owner || sessionUserId() !== owner) return report('signed-out', 0);
    await tidy(now());
    if (wakeScope) await wake(rowsToWake(await unsentRows(), wakeScope), now());
    const skipped = new Set<number>();
    let sent = 0;
    for (;;) {
      if (stopController.signal.aborted) return report('stopped', sent);
      if (sessionUserId() !== owner) return report('signed-out', sent);
      const { heads, nextAttemptAt } = dueHeads(await unsentRows(), now(), skipped);
      if (heads.length === 0) return report(nextAttemptAt === null ? 'drained' : 'waiting', sent, nextAttemptAt);
      for (let i = 0; i < heads.length; i += concurrency) {
        const batch = heads.slice(i, i + concurrency);
        const decisions = await Promise.all(batch.map((row) => sendRow(row, rowContext())));
        batch.forEach((row, index) => decisions[index] === null && skipped.add(row.seq!));
        sent += decisions.filter((decision) => decision?.action === 'done').length;
        const end = runEnd(decisions, stopController.signal.aborted);
        if (end === 'session-ended') sessionEnded = true;
        if (end) return report(end, sent, end === 'offline' ? dueHeads(await unsentRows(), now(), skipped).nextAttemptAt : null);
      }
    }
  }

  function runExclusive(wakeScope: DrainRequest['wake']): Promise<DrainReport> {
    return (locks ?? inTabLocks).request(OUTBOX_LOCK, { ifAvailable: true }, async (lock) =>
      lock ? drainPasses(wakeScope) : { status: 'busy' as const, sent: 0, nextAttemptAt: null },
    );
  }

  function schedule(report: DrainReport) {
    clearTimeout(timer);
    timer = undefined;
    if (!started) return;
    const at = report.status === 'busy' ? now() + BUSY_RECHECK_MS : report.nextAttemptAt;
    if (at === null || report.status === 'session-ended' || report.status === 'signed-out' || report.status === 'stopped') return;
    timer = setTimeout(() => void drain(), Math.max(250, at - now()));
  }

  /** The broader of two wake scopes. */
  const widest = (a: DrainRequest['wake'], b: DrainRequest['wake']) => (a === 'all' || b === 'all' ? 'all' : (a ?? b));

  /**
   * Sends what is due (and, with `wake`, what waits for the network or everything). Calls during a
   * run are folded into one more run after it (so a write queued meanwhile is not missed); the
   * promise settles when the runs end.
   */
  function drain(request: DrainRequest = {}): Promise<DrainReport> {
    pendingWake = widest(pendingWake, request.wake);
    if (running) {
      runAgain = true;
      return running;
    }
    const run = (async () => {
      let report: DrainReport;
      do {
        runAgain = false;
        const wakeScope = pendingWake;
        pendingWake = undefined;
        report = await runExclusive(wakeScope);
      } while (runAgain && (report.status === 'drained' || report.status === 'waiting' || report.status === 'busy' || report.status === 'offline'));
      return report;
    })();
    running = run;
    run.then(
      (report) => {
        running = null;
        schedule(report);
      },
      (error: unknown) => {
        running = null;
        console.error('outbox: drain failed', error);
      },
    );
    return run;
  }

  /** Starts the triggers (drain-triggers.ts), the reconnect listener and the retry timer, and drains now. */
  function start() {
    if (started) return;
    started = true;
    const stopListening = listenForDrainTriggers({ due: () => void drain(), reconnected: () => void drain({ wake: 'network' }) });
    const stopReconnect = subscribeReconnect(() => void drain({ wake: 'network' }));
    stopTriggers = () => {
      stopListening();
      stopReconnect();
    };
    void drain({ wake: 'network' });
  }

  /** Stops the triggers and the timer, and aborts a send in flight (its write stays queued). Resolves when the run has ended. */
  async function stop() {
    started = false;
    stopTriggers?.();
    stopTriggers = null;
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
export const outboxDrainer = createDrainer({
  onNetworkFailure: () => {
    reportNetworkFailure();
    requestBackgroundSync();
  },
  onServerReached: reportServerReached,
});

/** "Send now": every waiting write goes at once, whatever its backoff (paused uploads stay paused). */
export function drainNow() {
  return outboxDrainer.drain({ wake: 'all' });
}
