/** Server-Sent Events framing (WHATWG HTML §9.2). */

/** Tells EventSource to reconnect after 5 s when the stream ends. */
export const RETRY_FRAME = 'retry: 5000\n\n';
/**
 * The last frame of a stream ended by a stopping process: the browsers come back after 1 to 5 s, spread out, rather
 * than all together on the processes still running.
 */
export const shutdownRetryFrame = (random = Math.random()) => `retry: ${1000 + Math.floor(random * 4000)}\n\n`;
/** A comment line: keeps proxies from timing the stream out. */
export const PING_FRAME = ': ping\n\n';

export interface SseEvent {
  event: string;
  /** Becomes the browser's `lastEventId`. */
  id?: string;
  data: unknown;
}

/** One event; `data` is JSON on one line (JSON.stringify never writes a raw newline). */
export function formatEvent({ event, id, data }: SseEvent): string {
  return `event: ${event}\n${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
}
