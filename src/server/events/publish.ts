import type { Db } from '../db/client.ts';
import { publishEvent, type BusEvent } from './bus.ts';

export type CommittedHandler = (event: BusEvent) => void;

/**
 * Work that only the process which made a change must do, once it has committed (sending its Web Push),
 * registered per database handle: each app (and each test app) has its own.
 */
const committedHandlers = new WeakMap<Db, Set<CommittedHandler>>();

/** Runs `handler` after each event this process publishes through `db` has committed; returns the unregister function. */
export function onCommittedHere(db: Db, handler: CommittedHandler): () => void {
  const set = committedHandlers.get(db) ?? new Set();
  committedHandlers.set(db, set.add(handler));
  return () => set.delete(handler);
}

/** A handler's failure must not turn a committed write into an error answer; handlers log their own. */
function runHandler(handler: CommittedHandler, event: BusEvent) {
  try {
    handler(event);
  } catch {
    // The write has committed; a handler's failure is its own to report.
  }
}

/**
 * Runs `write` in a transaction that also publishes the event it returns (null: nothing to tell). Every
 * process hears the event once the transaction commits; then this process runs its `onCommittedHere`
 * handlers. Call it with the app's `db`, not inside another transaction (the handlers would run before
 * that one commits, so they are skipped there).
 */
export async function writeAndPublish<T>(db: Db, write: (tx: Db) => Promise<T>, eventOf: (result: T) => BusEvent | null): Promise<T> {
  let event: BusEvent | null = null;
  const result = await db.transaction(async (tx) => {
    const written = await write(tx);
    event = eventOf(written);
    if (event) await publishEvent(tx, event);
    return written;
  });
  const committed = event as BusEvent | null;
  if (committed) for (const handler of committedHandlers.get(db) ?? []) runHandler(handler, committed);
  return result;
}
