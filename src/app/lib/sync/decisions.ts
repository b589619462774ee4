/**
 * What the drainer does with the outcome of one send (DESIGN.md §4), as pure functions:
 * network failures, timeouts, 5xx, 408, 425 and 429 retry later (honouring `Retry-After`); 401
 * refreshes the session once, then stops; 409/412 are conflicts the user resolves, except a 409 with
 * `Retry-After` (the same Idempotency-Key is still running on the server), which retries; other 4xx
 * fail with the server's message; a 404/410 to a DELETE means already gone, so done.
 */

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 5 * 60_000;
/** The longest wait a `Retry-After` can impose (a bad header must not park a write for days). */
export const RETRY_AFTER_CAP_MS = 60 * 60_000;

export type SendResult =
  | { type: 'network' }
  | { type: 'timeout' }
  | { type: 'response'; status: number; retryAfter?: string | null };

export interface DecisionContext {
  /** Attempts made before this one. */
  attempts: number;
  now: number;
  /** A random number in [0, 1) for the jitter. */
  random: number;
  method?: string;
  /** The kind treats 404/410 as done (see SenderOptions.goneIsDone). */
  goneIsDone?: boolean;
  /** The session was already refreshed for this write in this run. */
  refreshed?: boolean;
}

export type RetryReason = 'network' | 'timeout' | 'server' | 'rate-limited' | 'in-progress';

export type Decision =
  | { action: 'done' }
  | { action: 'retry'; at: number; reason: RetryReason }
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

export function decide(result: SendResult, context: DecisionContext): Decision {
  const retry = (reason: RetryReason, retryAfter?: string | null): Decision => {
    const told = parseRetryAfter(retryAfter, context.now);
    const delay = told ?? backoffDelay(context.attempts + 1, context.random);
    return { action: 'retry', at: context.now + delay, reason };
  };
  if (result.type === 'network' || result.type === 'timeout') return retry(result.type);

  const { status, retryAfter } = result;
  if (status >= 200 && status < 300) return { action: 'done' };
  if ((status === 404 || status === 410) && (context.method === 'DELETE' || context.goneIsDone)) return { action: 'done' };
  if (status === 401) return context.refreshed ? { action: 'session-ended' } : { action: 'refresh-session' };
  if (status === 409 && parseRetryAfter(retryAfter, context.now) !== null) return retry('in-progress', retryAfter);
  if (status === 409 || status === 412) return { action: 'conflict' };
  if (status === 429) return retry('rate-limited', retryAfter);
  if (status === 408 || status === 425 || status >= 500) return retry('server', retryAfter);
  return { action: 'failed' };
}
