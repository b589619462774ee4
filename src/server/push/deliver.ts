import type { FastifyBaseLogger } from 'fastify';
import type { PushRequest, PushResponse, PushTransport } from './transport.ts';

/** delivered: 2xx; gone: 404/410 (the subscription no longer exists); failed: anything else, after the retries. */
export type Delivery = 'delivered' | 'gone' | 'failed';

export interface DeliverOptions {
  transport: PushTransport;
  /** Aborts a request in flight. */
  signal: AbortSignal;
  /** Aborts a wait before a retry (shutdown). */
  retryWait: AbortSignal;
  /** Cap on every wait before a retry (Retry-After, backoff). */
  retryMaxDelayMs: number;
  /** Bound to the subscription id and the push service's origin, never the endpoint (a browser's token). */
  log: FastifyBaseLogger;
}

/** 5xx and network errors: this many tries in all. */
const MAX_TRIES = 3;
const FIRST_BACKOFF_MS = 1000;

type Decision = { retryAfterMs: number; rateLimited: boolean } | { result: Delivery };

function retryAfterMs(header: string | null, fallbackMs: number): number {
  if (!header) return fallbackMs;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? fallbackMs : Math.max(0, date - Date.now());
}

/** What to do with an answer (RFC 8030; see docs/reference/backend-notes.md §4.2). */
function decide(response: PushResponse, tries: number, rateLimited: boolean, options: DeliverOptions): Decision {
  const { status } = response;
  const { log } = options;
  const backoffMs = FIRST_BACKOFF_MS * 2 ** (tries - 1);
  if (status !== null && status >= 200 && status < 300) return { result: 'delivered' };
  if (status === 404 || status === 410) return { result: 'gone' };
  if (status === 429 && !rateLimited) return { retryAfterMs: retryAfterMs(response.retryAfter, backoffMs), rateLimited: true };
  if ((status === null || status >= 500) && tries < MAX_TRIES) return { retryAfterMs: backoffMs, rateLimited };
  if (status === 401 || status === 403) log.error({ status }, 'push service refused the VAPID credentials (key pair changed?)');
  else if (status === 413) log.warn({ status }, 'push payload too large');
  else log.warn({ status, tries }, 'push not delivered; giving up');
  return { result: 'failed' };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Sends one push message: a 429 is retried once after its Retry-After, 5xx and network errors up to
 * MAX_TRIES with a doubling delay, every wait capped. `build` makes each try's request (a fresh JWT and salt).
 */
export async function deliver(build: () => PushRequest, options: DeliverOptions): Promise<Delivery> {
  let rateLimited = false;
  for (let tries = 1; ; tries++) {
    const decision = decide(await options.transport(build(), options.signal), tries, rateLimited, options);
    if ('result' in decision) return decision.result;
    rateLimited = decision.rateLimited;
    await sleep(Math.min(decision.retryAfterMs, options.retryMaxDelayMs), options.retryWait);
  }
}
