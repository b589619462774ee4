import { useEffect, useState } from 'react';

/** How long after the load event deferred work waits before it looks for an idle moment. */
export const AFTER_LOAD_MS = 3_000;

/**
 * Runs `task` a little after the page has loaded, when the browser is idle (at the latest `timeoutMs`
 * later): for code the first screen does not need, so it competes neither with the first paint nor
 * with the first interactions. Returns the cancel function.
 */
export function whenIdle(task: () => void, timeoutMs = 2_000): () => void {
  let cancelScheduled = () => {};
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(task, { timeout: timeoutMs });
      cancelScheduled = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(task, Math.min(timeoutMs, 500));
      cancelScheduled = () => window.clearTimeout(id);
    }
  };
  const schedule = () => {
    const id = window.setTimeout(idle, AFTER_LOAD_MS);
    cancelScheduled = () => window.clearTimeout(id);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancelScheduled();
  };
}

/** React: false until `whenIdle` fires. */
export function useIdle(timeoutMs = 2_000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), timeoutMs), [timeoutMs]);
  return idle;
}
