import { jsonResponse, stubApi } from '#tests/utils/fake-fetch.ts';
import { sessionEndedListeners } from '../api-client.ts';
import { followEventStream, reconnectDelay } from './event-stream.ts';
import type { ServerEvent } from './sse-parser.ts';

const PATH = '/users/u1/events/';
const EVENTS_URL = `/api/v1${PATH}`;
const REFRESH_URL = '/api/v1/users/auth/token/refresh/';

describe('reconnectDelay (doubling from 1 s up to 30 s, with jitter)', () => {
  it.each([
    [0, 1_000],
    [1, 2_000],
    [2, 4_000],
    [4, 16_000],
    [5, 30_000],
    [12, 30_000],
    [60, 30_000],
  ])('attempt %i waits between half and all of %i ms', (attempt, base) => {
    expect(reconnectDelay(attempt, () => 0)).toBe(base / 2);
    expect(reconnectDelay(attempt, () => 0.5)).toBe(Math.round(base * 0.75));
    expect(reconnectDelay(attempt, () => 0.999_999)).toBe(Math.round(base / 2 + 0.999_999 * (base / 2)));
    for (let i = 0; i < 50; i += 1) {
      const delay = reconnectDelay(attempt);
      expect(delay).toBeGreaterThanOrEqual(base / 2);
      expect(delay).toBeLessThanOrEqual(base);
    }
  });
});

/** A `text/event-stream` answer the test writes to; it fails when the request is aborted, as fetch's does. */
function sseStream(signal?: AbortSignal | null) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  signal?.addEventListener('abort', () => {
    try {
      controller.error(new DOMException('The operation was aborted.', 'AbortError'));
    } catch {
      // Already closed.
    }
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

type Stream = ReturnType<typeof sseStream>;
type Answer = 'stream' | number | Error;

/**
 * The API: each GET of the event stream takes the next answer (a stream, a status, or a network error;
 * a stream once they run out); the session refresh answers `refresh`.
 */
function fakeServer(answers: Answer[] = [], { refresh = 200 } = {}) {
  const streams: Stream[] = [];
  const requests: string[] = [];
  const fetchMock = stubApi((url, init) => {
    const method = init.method ?? 'GET';
    requests.push(`${method} ${url}`);
    if (url === REFRESH_URL) return refresh === 200 ? jsonResponse({}) : jsonResponse({ errors: ['O token é inválido ou expirou'] }, refresh);
    if (url !== EVENTS_URL) return jsonResponse({ errors: ['Não encontrado.'] }, 404);
    const answer = answers.shift() ?? 'stream';
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'number') return jsonResponse({ errors: ['x'] }, answer);
    const stream = sseStream(init.signal);
    streams.push(stream);
    return stream.response;
  });
  const connections = () => requests.filter((request) => request === `GET ${EVENTS_URL}`).length;
  return { fetchMock, streams, requests, connections };
}

/** Lets fetch, the stream pipes and the loop run (they only use promises) without moving the fake clock. */
async function flush() {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await flush();
}

function follow() {
  const controller = new AbortController();
  const onEvent = vi.fn<(event: ServerEvent) => void>();
  const onOpen = vi.fn();
  let finished = false;
  const done = followEventStream(PATH, { onEvent, onOpen }, controller.signal).then(() => {
    finished = true;
  });
  return { controller, onEvent, onOpen, done, isFinished: () => finished };
}

let stop: (() => void) | undefined;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // No jitter: each wait is the lower bound (half the base).
  vi.spyOn(Math, 'random').mockReturnValue(0);
});

afterEach(async () => {
  stop?.();
  stop = undefined;
  await flush();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete (navigator as { onLine?: boolean }).onLine;
});

function start() {
  const follower = follow();
  stop = () => follower.controller.abort();
  return follower;
}

describe('followEventStream', () => {
  it('asks for an event stream with the session cookies, calls onOpen, then delivers parsed events', async () => {
    const server = fakeServer();
    const { onEvent, onOpen } = start();
    await flush();

    expect(server.requests).toEqual([`GET ${EVENTS_URL}`]);
    const init = server.fetchMock.mock.calls[0]![1]!;
    expect(new Headers(init.headers).get('Accept')).toBe('text/event-stream');
    expect(init.credentials).toBe('include');
    expect(onOpen).toHaveBeenCalledTimes(1);

    const stream = server.streams[0]!;
    stream.send(': ping\n\nevent: notification\nid: 7\ndata: {"notification"');
    await flush();
    expect(onEvent).not.toHaveBeenCalled();

    stream.send(': {"id": "n1"}}\n\nevent: notification-checked\ndata: {"id":"n1","checked":true}\n\n');
    await flush();
    expect(onEvent.mock.calls.map(([event]) => event)).toEqual([
      { event: 'notification', data: '{"notification": {"id": "n1"}}', id: '7' },
      { event: 'notification-checked', data: '{"id":"n1","checked":true}', id: '7' },
    ]);
    expect(onOpen.mock.invocationCallOrder[0]).toBeLessThan(onEvent.mock.invocationCallOrder[0]!);
  });

  it('reconnects after the server ends the stream, after a short wait, and calls onOpen again', async () => {
    const server = fakeServer();
    const { onOpen, onEvent } = start();
    await flush();
    server.streams[0]!.end();
    await flush();

    expect(server.connections()).toBe(1);
    await advance(499);
    expect(server.connections()).toBe(1);
    await advance(1);
    expect(server.connections()).toBe(2);
    expect(onOpen).toHaveBeenCalledTimes(2);

    server.streams[1]!.send('data: again\n\n');
    await flush();
    expect(onEvent.mock.calls.map(([event]) => event)).toEqual([{ event: 'message', data: 'again', id: null }]);
  });

  it('tells the server the last event id it got when it reconnects (Last-Event-ID), as EventSource does', async () => {
    const server = fakeServer();
    start();
    await flush();
    const lastEventIdOf = (call: number) => new Headers(server.fetchMock.mock.calls[call]![1]!.headers).get('Last-Event-ID');
    expect(lastEventIdOf(0)).toBeNull();

    server.streams[0]!.send('event: notification\nid: 0193a2b4-0000-7000-8000-00000000000a\ndata: {}\n\nevent: unread\ndata: {"unread":1}\n\n');
    await flush();
    server.streams[0]!.end();
    await flush();
    await advance(500);
    expect(server.connections()).toBe(2);
    expect(lastEventIdOf(1)).toBe('0193a2b4-0000-7000-8000-00000000000a');
  });

  it('backs off while the server cannot be reached, and starts over once connected', async () => {
    const server = fakeServer([new TypeError('Failed to fetch'), 503]);
    const { onOpen } = start();
    await flush();
    expect(server.connections()).toBe(1);
    expect(onOpen).not.toHaveBeenCalled();

    // 1st failure: 1 s (half of 2 s).
    await advance(999);
    expect(server.connections()).toBe(1);
    await advance(1);
    expect(server.connections()).toBe(2);

    // 2nd failure (503): 2 s.
    await advance(1_999);
    expect(server.connections()).toBe(2);
    await advance(1);
    expect(server.connections()).toBe(3);
    expect(onOpen).toHaveBeenCalledTimes(1);

    // Connected, then dropped: back to 0.5 s.
    server.streams[0]!.end();
    await flush();
    await advance(500);
    expect(server.connections()).toBe(4);
  });

  it('refreshes the session once on 401 and connects again at once', async () => {
    const server = fakeServer([401]);
    const { onOpen, onEvent } = start();
    await flush();

    expect(server.requests).toEqual([`GET ${EVENTS_URL}`, `POST ${REFRESH_URL}`, `GET ${EVENTS_URL}`]);
    expect(onOpen).toHaveBeenCalledTimes(1);
    server.streams[0]!.send('event: notification\ndata: {}\n\n');
    await flush();
    expect(onEvent).toHaveBeenCalledTimes(1);
  });

  it('ends the session when the refresh fails, and stops following the stream', async () => {
    const server = fakeServer([401, 401], { refresh: 401 });
    const ended = vi.fn();
    sessionEndedListeners.add(ended);
    const { onOpen, done, isFinished } = start();
    await flush();
    await done;
    expect(server.requests).toEqual([`GET ${EVENTS_URL}`, `POST ${REFRESH_URL}`]);
    expect(onOpen).not.toHaveBeenCalled();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(isFinished()).toBe(true);
    await advance(60_000);
    expect(server.requests).toHaveLength(2);
    sessionEndedListeners.delete(ended);
  });

  it('stops, and stays stopped, when the signal aborts while connected', async () => {
    const server = fakeServer();
    const { controller, done, isFinished } = start();
    await flush();
    expect(server.connections()).toBe(1);

    controller.abort();
    await flush();
    await done;
    expect(isFinished()).toBe(true);
    await advance(60_000);
    expect(server.connections()).toBe(1);
  });

  it('stops at once when the signal aborts while waiting to reconnect', async () => {
    const server = fakeServer([503]);
    const { controller, done, isFinished } = start();
    await flush();
    expect(isFinished()).toBe(false);

    controller.abort();
    await flush();
    // Without waiting out the 1 s delay.
    await done;
    expect(isFinished()).toBe(true);
    await advance(60_000);
    expect(server.connections()).toBe(1);
  });

  it('waits for the network while offline, then connects', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    const server = fakeServer();
    const { onOpen } = start();
    await advance(60_000);
    expect(server.connections()).toBe(0);

    Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
    window.dispatchEvent(new Event('online'));
    await flush();
    expect(server.connections()).toBe(1);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});
