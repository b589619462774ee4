/**
 * Reads a Server-Sent Events stream from a listening test server with fetch, and parses it as EventSource
 * does (WHATWG HTML §9.2): events, comments, `retry`. Waiting is always bounded by a timeout.
 */

export interface SseMessage {
  event: string;
  id: string | null;
  data: string;
}

export interface SseStream {
  response: Response;
  /** Everything received so far, as sent. */
  raw(): string;
  messages: SseMessage[];
  comments: string[];
  /** The next message not yet taken by `next` (of type `event` when given); fails after `timeoutMs`. */
  next(event?: string, timeoutMs?: number): Promise<SseMessage>;
  /** Waits until `count` comments have arrived. */
  waitForComments(count: number, timeoutMs?: number): Promise<string[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Disconnects, as a closed tab does. */
  close(): void;
}

export const json = <T = Record<string, unknown>>(message: SseMessage): T => JSON.parse(message.data) as T;

/** Parses complete lines; returns what is left of an unfinished line. */
function createParser(onMessage: (message: SseMessage) => void, onComment: (text: string) => void) {
  let pending: { event: string; id: string | null; data: string[] } = { event: 'message', id: null, data: [] };
  const line = (text: string) => {
    if (text === '') {
      if (pending.data.length > 0) onMessage({ event: pending.event, id: pending.id, data: pending.data.join('\n') });
      pending = { event: 'message', id: null, data: [] };
      return;
    }
    if (text.startsWith(':')) return onComment(text.slice(1).trimStart());
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') pending.event = value;
    else if (field === 'id') pending.id = value;
    else if (field === 'data') pending.data.push(value);
  };
  let buffer = '';
  return (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    lines.forEach(line);
  };
}

/** Resolves once `ready()` gives a value; re-checked on every change; rejects after `timeoutMs` with `what`. */
function waitUntil<T>(subscribe: (check: () => void) => () => void, ready: () => T | undefined, timeoutMs: number, what: () => string) {
  return new Promise<T>((resolve, reject) => {
    const check = () => {
      const value = ready();
      if (value === undefined) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(value);
    };
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what()}`));
    }, timeoutMs);
    const unsubscribe = subscribe(check);
    check();
  });
}

/** What has arrived on one stream, and waiting for more. */
class SseReceiver {
  readonly messages: SseMessage[] = [];
  readonly comments: string[] = [];
  raw = '';
  private taken = 0;
  private readonly watchers = new Set<() => void>();
  private readonly parse = createParser(
    (message) => {
      this.messages.push(message);
      this.changed();
    },
    (text) => {
      this.comments.push(text);
      this.changed();
    },
  );

  /** Reads `body` to its end (or until the connection is aborted or dropped). */
  async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of body) {
        const text = decoder.decode(chunk, { stream: true });
        this.raw += text;
        this.parse(text);
      }
    } catch {
      // Aborted by `close()`, or the connection dropped: either way the stream has ended.
    }
  }

  next(event: string | undefined, timeoutMs: number): Promise<SseMessage> {
    const what = () => `event ${event ?? '(any)'}; received ${JSON.stringify(this.messages.slice(this.taken))}`;
    return waitUntil(this.subscribe, () => this.take(event), timeoutMs, what);
  }

  waitForComments(count: number, timeoutMs: number): Promise<string[]> {
    const ready = () => (this.comments.length >= count ? this.comments : undefined);
    return waitUntil(this.subscribe, ready, timeoutMs, () => `${count} comments, got ${this.comments.length}`);
  }

  private take(event: string | undefined): SseMessage | undefined {
    const index = this.messages.findIndex((message, i) => i >= this.taken && (event === undefined || message.event === event));
    if (index === -1) return undefined;
    this.taken = index + 1;
    return this.messages[index];
  }

  private readonly subscribe = (watcher: () => void) => {
    this.watchers.add(watcher);
    return () => void this.watchers.delete(watcher);
  };

  private changed() {
    this.watchers.forEach((watcher) => watcher());
  }
}

/**
 * Opens `url` (GET, with `headers`) and, when it is an event stream, starts reading it. Otherwise (a refusal)
 * the body is left unread for the test: check `response.status`.
 */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const receiver = new SseReceiver();
  const isStream = response.ok && (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
  const ended = isStream && response.body ? receiver.read(response.body) : Promise.resolve();
  return {
    response,
    raw: () => receiver.raw,
    messages: receiver.messages,
    comments: receiver.comments,
    next: (event, timeoutMs = 2000) => receiver.next(event, timeoutMs),
    waitForComments: (count, timeoutMs = 2000) => receiver.waitForComments(count, timeoutMs),
    ended,
    close: () => controller.abort(),
  };
}
