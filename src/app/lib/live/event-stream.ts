import { endSession, refreshSession, sendRequest } from '../api-client.ts';
import { createSseParser, type ServerEvent } from './sse-parser.ts';

/** Reconnection waits: doubling from 1 s up to 30 s, with jitter so many tabs do not reconnect in step. */
export function reconnectDelay(attempt: number, random = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** attempt);
  return Math.round(base / 2 + random() * (base / 2));
}

interface StreamOptions {
  onEvent: (event: ServerEvent) => void;
  /** Called when the stream (re)opens, e.g. to pull what may have been missed while it was down. */
  onOpen?: () => void;
}

const waitFor = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

async function readStream(response: Response, onEvent: StreamOptions['onEvent']) {
  const parse = createSseParser();
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    for (const event of parse(value)) onEvent(event);
  }
}

type Outcome = 'opened' | 'failed' | 'session-ended';

/** The id of the last event that had one: sent back as `Last-Event-ID` so the server replays what was missed. */
interface Cursor {
  lastEventId: string | null;
}

/** One connection: 'opened' when it was established (so the backoff starts over). */
async function connectOnce(path: string, options: StreamOptions, cursor: Cursor, signal: AbortSignal): Promise<Outcome> {
  const headers = () => ({ Accept: 'text/event-stream', ...(cursor.lastEventId && { 'Last-Event-ID': cursor.lastEventId }) });
  const open = () => sendRequest(path, { headers: headers(), signal });
  let response = await open();
  if (response.status === 401) {
    if (!(await refreshSession())) return 'session-ended';
    response = await open();
  }
  if (!response.ok || !response.body) return 'failed';
  options.onOpen?.();
  await readStream(response, (event) => {
    if (event.id) cursor.lastEventId = event.id;
    options.onEvent(event);
  });
  return 'opened';
}

/**
 * Listens to an API event stream (fetch, so the session refresh applies) until `signal` aborts:
 * reconnects with backoff after errors, waits for `online` while offline, and tells the server the
 * last event id it got (`Last-Event-ID`), as EventSource does.
 */
export async function followEventStream(path: string, options: StreamOptions, signal: AbortSignal) {
  let attempt = 0;
  const cursor: Cursor = { lastEventId: null };
  while (!signal.aborted) {
    if (!navigator.onLine) {
      await new Promise<void>((resolve) => {
        window.addEventListener('online', () => resolve(), { once: true, signal });
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
      continue;
    }
    const outcome = await connectOnce(path, options, cursor, signal).catch((): Outcome => 'failed');
    if (outcome === 'session-ended') {
      // As for any call: a 401 that refresh cannot cure ends the session (no retrying a dead one).
      endSession();
      return;
    }
    attempt = outcome === 'opened' ? 0 : attempt + 1;
    if (!signal.aborted) await waitFor(reconnectDelay(attempt), signal);
  }
}
