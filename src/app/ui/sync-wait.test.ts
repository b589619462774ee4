import { counting, waitText } from './sync-wait.ts';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const pending = (waitReason: Parameters<typeof waitText>[0]['waitReason'], nextAttemptAt = NOW) => ({ state: 'pending' as const, waitReason, nextAttemptAt });

describe('what a waiting write says it waits for', () => {
  it.each([
    ['no answer', pending('network'), { key: 'wait.network' }],
    ['a timeout', pending('timeout'), { key: 'wait.network' }],
    ['another write first', pending('dependency'), { key: 'wait.dependency' }],
    ['paused by the user', pending('paused'), { key: 'wait.paused' }],
    ['server busy, 12.2 s left', pending('server', NOW + 12_200), { key: 'wait.server', seconds: 13 }],
    ['rate-limited', pending('rate-limited', NOW + 1_000), { key: 'wait.server', seconds: 1 }],
    ['server busy, due now', pending('in-progress', NOW - 5), { key: 'wait.serverSoon' }],
    ['simply due', pending(null), null],
    ['being sent', { state: 'sending' as const, waitReason: 'network' as const, nextAttemptAt: NOW }, null],
  ])('%s', (_label, row, expected) => {
    expect(waitText(row, NOW)).toEqual(expected);
  });

  it('only a server wait counts down', () => {
    expect([pending('server'), pending('rate-limited'), pending('network'), pending('paused')].map(counting)).toEqual([true, true, false, false]);
  });
});
