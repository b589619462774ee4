import { BACKOFF_CAP_MS, NETWORK_RETRY_CAP_MS, RETRY_AFTER_CAP_MS, backoffDelay, decide, networkRetryDelay, parseRetryAfter, waitsForNetwork, type DecisionContext, type SendOutcome } from './decisions.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const context = (overrides: Partial<DecisionContext> = {}): DecisionContext => ({ attempts: 0, now: NOW, random: 0, ...overrides });
const response = (status: number, retryAfter: string | null = null): SendOutcome =>
  status >= 200 && status < 300 ? { type: 'accepted', status, answer: null } : { type: 'refused', status, retryAfter, problems: [] };

describe('decide: what one answer means for a queued write (docs/architecture.md §4)', () => {
  it.each([
    // status class, result, context, expected action
    ['200 OK', response(200), {}, 'done'],
    ['201 Created', response(201), {}, 'done'],
    ['204 No Content', response(204), {}, 'done'],
    ['network failure (no answer: not an attempt)', { type: 'no-answer', reason: 'network' }, {}, 'wait'],
    ['timeout before any answer', { type: 'no-answer', reason: 'timeout' }, {}, 'wait'],
    ['upload paused by the user', { type: 'deferred', reason: 'paused', retryAfterMs: 3_600_000 }, {}, 'wait'],
    ['another write must go first', { type: 'deferred', reason: 'dependency', retryAfterMs: 5_000 }, {}, 'wait'],
    ['500', response(500), {}, 'retry'],
    ['502', response(502), {}, 'retry'],
    ['503 with Retry-After', response(503, '30'), {}, 'retry'],
    ['408 Request Timeout', response(408), {}, 'retry'],
    ['425 Too Early', response(425), {}, 'retry'],
    ['429 Too Many Requests', response(429, '5'), {}, 'retry'],
    ['401, first time', response(401), {}, 'refresh-session'],
    ['401 after a refresh', response(401), { refreshed: true }, 'session-ended'],
    ['409 name clash', response(409), {}, 'conflict'],
    ['409 same key still running (Retry-After)', response(409, '1'), {}, 'retry'],
    ['412 stale If-Match', response(412), {}, 'conflict'],
    ['400 validation', response(400), {}, 'failed'],
    ['403', response(403), {}, 'failed'],
    ['404 on a PUT', response(404), { method: 'PUT' }, 'failed'],
    ['404 on a DELETE', response(404), { method: 'DELETE' }, 'done'],
    ['410 on a DELETE', response(410), { method: 'DELETE' }, 'done'],
    ['404 where gone means done', response(404), { method: 'POST', goneIsDone: true }, 'done'],
    ['413 too large', response(413), {}, 'failed'],
    ['415', response(415), {}, 'failed'],
    ['422 same key, other body', response(422), {}, 'failed'],
    ['3xx (never expected)', response(302), {}, 'failed'],
  ] as Array<[string, SendOutcome, Partial<DecisionContext>, string]>)('%s → %s', (_label, result, overrides, expected) => {
    expect(decide(result, context(overrides)).action).toBe(expected);
  });

  it('says why it retries or waits', () => {
    expect(decide({ type: 'no-answer', reason: 'network' }, context())).toMatchObject({ reason: 'network' });
    expect(decide({ type: 'no-answer', reason: 'timeout' }, context())).toMatchObject({ reason: 'timeout' });
    expect(decide({ type: 'deferred', reason: 'paused', retryAfterMs: 60_000 }, context())).toEqual({ action: 'wait', at: NOW + 60_000, reason: 'paused' });
    expect(decide(response(503), context())).toMatchObject({ reason: 'server' });
    expect(decide(response(429), context())).toMatchObject({ reason: 'rate-limited' });
    expect(decide(response(409, '2'), context())).toMatchObject({ reason: 'in-progress' });
  });

  it('honours Retry-After (seconds or HTTP-date) instead of the backoff', () => {
    expect(decide(response(429, '120'), context({ attempts: 9 }))).toEqual({ action: 'retry', at: NOW + 120_000, reason: 'rate-limited' });
    const date = new Date(NOW + 45_000).toUTCString();
    expect(decide(response(503, date), context())).toEqual({ action: 'retry', at: NOW + 45_000, reason: 'server' });
  });

  it('backs off with the attempt count when there is no Retry-After', () => {
    const first = decide(response(503), context({ attempts: 0, random: 1 }));
    const fifth = decide(response(503), context({ attempts: 4, random: 1 }));
    expect(first).toMatchObject({ at: NOW + backoffDelay(1, 1) });
    expect(fifth).toMatchObject({ at: NOW + backoffDelay(5, 1) });
  });
});

describe('no answer is not an attempt (issue 21)', () => {
  it('the backoff never grows while the network is down: after 9 answered attempts a network failure still waits seconds, not minutes', () => {
    expect(decide({ type: 'no-answer', reason: 'network' }, context({ attempts: 9, networkFailures: 0 }))).toEqual({ action: 'wait', at: NOW + 1_000, reason: 'network' });
    expect(decide({ type: 'no-answer', reason: 'timeout' }, context({ attempts: 9, networkFailures: 2 }))).toEqual({ action: 'wait', at: NOW + 4_000, reason: 'timeout' });
  });

  it.each([
    [1, 1_000],
    [2, 2_000],
    [3, 4_000],
    [4, 8_000],
    [5, NETWORK_RETRY_CAP_MS],
    [40, NETWORK_RETRY_CAP_MS],
  ])('quick retry after %i consecutive sends without an answer: %i ms', (failures, delay) => {
    expect(networkRetryDelay(failures)).toBe(delay);
  });

  it('only waits for the network are woken when it returns', () => {
    const reasons = ['network', 'timeout', 'server', 'rate-limited', 'in-progress', 'paused', 'dependency', null] as const;
    expect(reasons.filter((reason) => waitsForNetwork(reason))).toEqual(['network', 'timeout']);
  });
});

describe('backoffDelay: exponential with equal jitter, capped', () => {
  it.each([
    [1, 1_000, 2_000],
    [2, 2_000, 4_000],
    [3, 4_000, 8_000],
    [6, 32_000, 64_000],
    [8, 128_000, 256_000],
    [9, BACKOFF_CAP_MS / 2, BACKOFF_CAP_MS],
    [30, BACKOFF_CAP_MS / 2, BACKOFF_CAP_MS],
  ])('retry %i waits between %i and %i ms', (retry, low, high) => {
    expect(backoffDelay(retry, 0)).toBe(low);
    expect(backoffDelay(retry, 0.999_999)).toBeLessThanOrEqual(high);
    expect(backoffDelay(retry, 0.999_999)).toBeGreaterThan(high - 1);
    for (let i = 0; i < 50; i += 1) {
      const delay = backoffDelay(retry, Math.random());
      expect(delay).toBeGreaterThanOrEqual(low);
      expect(delay).toBeLessThanOrEqual(high);
    }
  });

  it('spreads clients: different random draws give different delays', () => {
    const delays = new Set([0, 0.25, 0.5, 0.75].map((r) => backoffDelay(4, r)));
    expect(delays.size).toBe(4);
  });
});

describe('parseRetryAfter', () => {
  it.each([
    [null, null],
    [undefined, null],
    ['', null],
    ['soon', null],
    ['0', 0],
    ['7', 7_000],
    [' 12 ', 12_000],
    [new Date(NOW + 90_000).toUTCString(), 90_000],
    [new Date(NOW - 90_000).toUTCString(), 0],
    ['999999', RETRY_AFTER_CAP_MS],
  ])('%j → %j', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });
});
