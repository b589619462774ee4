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
 * Runs `write` in a transaction that also publishes the events it returns (null: nothing to tell). Every
 * process hears them once the transaction commits; then this process runs its `onCommittedHere` handlers
 * for each. Call it with the app's `db`, not inside another transaction (the handlers would run before
 * that one commits, so they are skipped there).
 */
export async function writeAndPublish<T>(
  db: Db,
  write: (tx: Db) => Promise<T>,
  eventsOf: (result: T) => BusEvent | null | ReadonlyArray<BusEvent | null>,
): Promise<T> {
  let events: BusEvent[] = [];
  const result = await db.transaction(async (tx) => {
    const written = await write(tx);
    events = [eventsOf(written)].flat().filter((event): event is BusEvent => event !== null);
    for (const event of events) await publishEvent(tx, event);
    return written;
  });
  for (const event of events) for (const handler of committedHandlers.get(db) ?? []) runHandler(handler, event);
  return result;
}
