import { useEffect, useState } from 'react';
import type { OutboxRow } from '#app/lib/db.ts';

/**
 * What a waiting write is waiting for, in words the user can act on (issue 21): the network (it goes
 * the moment the connection returns), the server (busy: a retry in N s), another write of theirs, or
 * their own pause. Keys of the `sync` namespace.
 */

export type WaitText = { key: 'wait.network' | 'wait.dependency' | 'wait.paused' | 'wait.serverSoon' } | { key: 'wait.server'; seconds: number };

/** The words for a pending write's wait, or null when it is simply due (or not pending). */
export function waitText(row: Pick<OutboxRow, 'state' | 'waitReason' | 'nextAttemptAt'>, now: number): WaitText | null {
  if (row.state !== 'pending' || !row.waitReason) return null;
  switch (row.waitReason) {
    case 'network':
    case 'timeout':
      return { key: 'wait.network' };
    case 'dependency':
      return { key: 'wait.dependency' };
    case 'paused':
      return { key: 'wait.paused' };
    default: {
      const seconds = Math.ceil((row.nextAttemptAt - now) / 1000);
      return seconds > 0 ? { key: 'wait.server', seconds } : { key: 'wait.serverSoon' };
    }
  }
}

/** Whether the wait's words change with time (a countdown), so the screen ticks. */
export const counting = (row: Pick<OutboxRow, 'state' | 'waitReason'> | undefined) =>
  row?.state === 'pending' && (row.waitReason === 'server' || row.waitReason === 'rate-limited' || row.waitReason === 'in-progress');

/** The current time, renewed every second while `ticking`. */
export function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return ticking ? now : Date.now();
}
