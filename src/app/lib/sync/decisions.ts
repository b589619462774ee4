import type { ApiProblem } from '#shared/schemas/api-errors.ts';

/**
 * What the drainer does with the outcome of one send (docs/architecture.md §4), as pure functions.
 *
 * - No answer at all (offline, connection refused or reset, DNS, a timeout before any answer) is not
 *   an attempt: the write waits for the network, with a short quick-retry while the app believes it is
 *   online, and is due at once when connectivity returns. Its backoff never grows.
 * - Answers from the server count: 5xx, 408, 425 and 429 retry with exponential backoff (or the
 *   `Retry-After` the server gave); 401 refreshes the session once, then stops; 409/412 are conflicts
 *   the user resolves, except a 409 with `Retry-After` (the same Idempotency-Key still running), which
 *   retries; other 4xx fail with the server's message; a 404/410 to a DELETE means already gone: done.
 * - A sender may decline to send now (an upload the user paused, a write that waits for another
 *   entity's create): deferred, not an attempt, no request made.
 */

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 5 * 60_000;
/** The longest wait a `Retry-After` can impose (a bad header must not park a write for days). */
export const RETRY_AFTER_CAP_MS = 60 * 60_000;
/** Quick retries of a write that got no answer while the app still believed it was online: 1 s, 2 s, 4 s, then 8 s. */
export const NETWORK_RETRY_BASE_MS = 1_000;
export const NETWORK_RETRY_CAP_MS = 8_000;

/** Why a sender did not send now (no request was made). */
export type DeferReason = 'paused' | 'dependency';

/** The server answered: accepted (a 2xx, with the kind's typed answer), or not (its problems as data). */
export type Answered<A = unknown> =
  | { type: 'accepted'; status: number; answer: A }
  | { type: 'refused'; status: number; retryAfter: string | null; problems: ApiProblem[] };

/** The sender did not send now, and why (no request was made): the write waits, and it is not an attempt. */
export interface Deferred {
  type: 'deferred';
  reason: DeferReason;
  /** Look again after this long; null: only when something makes it due (resume, the other write done). */
  retryAfterMs: number | null;
}

/** How one send ended: the one vocabulary of an outcome, read once where the answer arrived (write-kinds.ts `readAnswer`). */
export type SendOutcome<A = unknown> = Answered<A> | Deferred | { type: 'no-answer'; reason: 'network' | 'timeout' };

export interface DecisionContext {
  /** Answered attempts made before this one (the backoff's exponent). */
  attempts: number;
  /** Consecutive sends of this write that got no answer (the quick retry's exponent). */
  networkFailures?: number;
  now: number;
  /** A random number in [0, 1) for the jitter. */
  random: number;
  method?: string;
  /** The kind treats 404/410 as done (see SenderOptions.goneIsDone). */
  goneIsDone?: boolean;
  /** The session was already refreshed for this write in this run. */
  refreshed?: boolean;
}

/** Server answers that say "later". */
export type RetryReason = 'server' | 'rate-limited' | 'in-progress';
/** Why a write waits without it counting as an attempt. */
export type WaitReason = 'network' | 'timeout' | DeferReason;

export type Decision =
  | { action: 'done' }
  /** The server answered "later": an attempt, with backoff. */
  | { action: 'retry'; at: number; reason: RetryReason }
  /** No answer, or deferred by the sender: not an attempt. */
  | { action: 'wait'; at: number; reason: WaitReason }
  | { action: 'refresh-session' }
  | { action: 'session-ended' }
  | { action: 'conflict' }
  | { action: 'failed' };

/**
 * Exponential backoff with "equal jitter": the n-th retry (n ≥ 1) waits between half and all of
 * min(cap, base · 2^(n−1)), so many clients coming back online together do not arrive together.
 */
export function backoffDelay(retry: number, random: number, base = BACKOFF_BASE_MS, cap = BACKOFF_CAP_MS): number {
  const ceiling = Math.min(cap, base * 2 ** Math.max(0, retry - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

/** The quick retry after the n-th consecutive send without an answer (n ≥ 1): 1 s, 2 s, 4 s, then 8 s. */
export function networkRetryDelay(failures: number): number {
  return Math.min(NETWORK_RETRY_CAP_MS, NETWORK_RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
}

/** `Retry-After` as a delay in ms (RFC 9110 §10.2.3: delay-seconds or an HTTP-date), or null when absent or invalid. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (value == null) return null;
  const text = value.trim();
  if (text === '') return null;
  let delay: number;
  if (/^\d+$/.test(text)) delay = Number(text) * 1000;
  else {
    const date = Date.parse(text);
    if (Number.isNaN(date)) return null;
    delay = date - now;
  }
  return Math.min(RETRY_AFTER_CAP_MS, Math.max(0, delay));
}

function decideAnswer({ status, retryAfter }: { status: number; retryAfter: string | null }, context: DecisionContext): Decision {
  const retry = (reason: RetryReason): Decision => {
    const told = parseRetryAfter(retryAfter, context.now);
    return { action: 'retry', at: context.now + (told ?? backoffDelay(context.attempts + 1, context.random)), reason };
  };
  if ((status === 404 || status === 410) && (context.method === 'DELETE' || context.goneIsDone)) return { action: 'done' };
  if (status === 401) return context.refreshed ? { action: 'session-ended' } : { action: 'refresh-session' };
  if (status === 409 && parseRetryAfter(retryAfter, context.now) !== null) return retry('in-progress');
  if (status === 409 || status === 412) return { action: 'conflict' };
  if (status === 429) return retry('rate-limited');
  if (status === 408 || status === 425 || status >= 500) return retry('server');
  return { action: 'failed' };
}

export function decide(outcome: SendOutcome, context: DecisionContext): Decision {
  switch (outcome.type) {
    case 'no-answer':
      return { action: 'wait', at: context.now + networkRetryDelay((context.networkFailures ?? 0) + 1), reason: outcome.reason };
    case 'deferred':
      return { action: 'wait', at: context.now + (outcome.retryAfterMs ?? 0), reason: outcome.reason };
    case 'accepted':
      return { action: 'done' };
    case 'refused':
      return decideAnswer(outcome, context);
  }
}

/** A write that waits for the network is due the moment connectivity returns. */
export const waitsForNetwork = (reason: WaitReason | RetryReason | null | undefined) => reason === 'network' || reason === 'timeout';
