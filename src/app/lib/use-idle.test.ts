import { AFTER_LOAD_MS, whenIdle } from './use-idle.ts';

afterEach(() => vi.useRealTimers());

describe('whenIdle: work the first screen does not need', () => {
  it('runs a while after the load event, once the browser is idle (or its timeout passed)', () => {
    vi.useFakeTimers();
    expect(document.readyState).toBe('complete');
    const task = vi.fn();
    whenIdle(task, 100);
    vi.advanceTimersByTime(AFTER_LOAD_MS - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1 + 500);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    whenIdle(task, 100)();
    vi.advanceTimersByTime(AFTER_LOAD_MS + 1_000);
    expect(task).not.toHaveBeenCalled();
  });
});
