import { renderHook, act } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import {
  HEALTH_PATH,
  getConnectivity,
  offlineProbeDelay,
  startConnectivityMonitor,
  probeConnectivity,
  reportServerReached,
  setConnectivityForTests,
  startConnectivity,
  subscribeConnectivity,
  useConnectivity,
} from './connectivity.ts';

function setNavigatorOnline(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });
}

beforeEach(() => {
  setNavigatorOnline(true);
  setConnectivityForTests(true);
});
afterEach(() => vi.unstubAllGlobals());

describe('connectivity is reachability of the server, not navigator.onLine', () => {
  it('is online when /api/v1/health/ answers', async () => {
    const fetch = vi.fn(async () => new Response('{"status":"ok"}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    setConnectivityForTests(false);
    expect(await probeConnectivity()).toBe(true);
    expect(getConnectivity().online).toBe(true);
    expect(fetch).toHaveBeenCalledWith(HEALTH_PATH, expect.objectContaining({ method: 'GET', cache: 'no-store' }));
  });

  it.each([
    ['a network failure (lie-fi: the browser says online)', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a proxy saying the app is down (502)', async () => new Response('', { status: 502 })],
    ['a 503', async () => new Response('', { status: 503 })],
  ])('is offline on %s', async (_label, reply) => {
    vi.stubGlobal('fetch', vi.fn(reply));
    expect(await probeConnectivity()).toBe(false);
    expect(getConnectivity().online).toBe(false);
  });

  it('is offline after a timeout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))),
    );
    expect(await probeConnectivity(20)).toBe(false);
  });

  it('does not even ask when the browser knows it is offline', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    setNavigatorOnline(false);
    expect(await probeConnectivity()).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('stays offline when the browser went offline while a probe was on its way, whatever the late answer says', async () => {
    let answer!: (response: Response) => void;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    const probe = probeConnectivity();
    setNavigatorOnline(false);
    setConnectivityForTests(false);
    answer(new Response('{}', { status: 200 }));
    expect(await probe).toBe(false);
    expect(getConnectivity().online).toBe(false);
    reportServerReached();
    expect(getConnectivity().online).toBe(false);
  });

  it('runs one probe at a time', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await Promise.all([probeConnectivity(), probeConnectivity(), probeConnectivity()]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('tells subscribers and re-renders useConnectivity on a change only', async () => {
    const told = vi.fn();
    const stop = subscribeConnectivity(told);
    const { result } = renderHook(() => useConnectivity());
    expect(result.current.online).toBe(true);
    act(() => setConnectivityForTests(false));
    expect(result.current.online).toBe(false);
    act(() => setConnectivityForTests(false));
    act(() => reportServerReached());
    expect(result.current.online).toBe(true);
    expect(told.mock.calls.map(([state]) => (state as { online: boolean }).online)).toEqual([false, true]);
    stop();
  });

  it("feeds TanStack Query's onlineManager from the reachability probe (visitors too)", () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"status":"ok"}', { status: 200 })));
    const stop = startConnectivity();
    setConnectivityForTests(false);
    expect(onlineManager.isOnline()).toBe(false);
    setConnectivityForTests(true);
    expect(onlineManager.isOnline()).toBe(true);
    stop();
  });

  it('any API answer is proof the server is reachable; a request with no answer makes it look again', async () => {
    const { sendRequest } = await import('../api-client.ts');
    let reachable = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return new Response(String(input).endsWith('/health/') ? '{}' : '[]', { status: 200 });
      }),
    );
    const stop = startConnectivityMonitor();
    await vi.waitFor(() => expect(getConnectivity().online).toBe(false));
    reachable = true;
    await sendRequest('/plans/');
    expect(getConnectivity().online).toBe(true);
    reachable = false;
    await sendRequest('/plans/').catch(() => undefined);
    await vi.waitFor(() => expect(getConnectivity().online).toBe(false));
    stop();
  });
});

describe('while the server is unreachable, it probes quickly at first (issue 21)', () => {
  it.each([
    [1, 1_000],
    [2, 1_250],
    [3, 1_563],
    [5, 2_441],
    [10, 7_451],
    [13, 14_552],
    [14, 15_000],
    [50, 15_000],
  ])('probe %i after %i ms', (probe, delay) => {
    expect(offlineProbeDelay(probe)).toBe(delay);
  });

  it('notices within about a second that the server is back, with the browser online all along', async () => {
    vi.useFakeTimers();
    try {
      let reachable = false;
      const fetch = vi.fn(async () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return new Response('{}', { status: 200 });
      });
      vi.stubGlobal('fetch', fetch);
      const stop = startConnectivityMonitor();
      await vi.advanceTimersByTimeAsync(0);
      expect(getConnectivity().online).toBe(false);
      // Down for 6 s: probes at 1, 2.25, 3.8, 5.8 s …
      await vi.advanceTimersByTimeAsync(6_000);
      const probesWhileDown = fetch.mock.calls.length;
      expect(probesWhileDown).toBeGreaterThanOrEqual(5);
      reachable = true;
      // … the next one, at 8.2 s, finds it back: 2.2 s after the return here, never the old fixed 15 s.
      await vi.advanceTimersByTimeAsync(2_500);
      expect(getConnectivity().online).toBe(true);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
