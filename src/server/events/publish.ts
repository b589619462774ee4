import type { Db } from '../db/client.ts';
import { publishEvents, type BusEvent } from './bus.ts';

/**
 * What a committed change leaves to the process that made it: its events (pushed to Web Push) and the mails it
 * queued (sent by the mail queue). Everything else about the change is already in its transaction.
 */
export interface Committed {
  events: BusEvent[];
  mailIds: string[];
}

export type CommittedHandler = (committed: Committed) => void;

/**
 * Work that only the process which made a change must do, once it has committed (sending its Web Push and its
 * mails), registered per database handle: each app (and each test app) has its own.
 */
const committedHandlers = new WeakMap<Db, Set<CommittedHandler>>();

/** The mails queued in each open `writeAndPublish` transaction, by its handle. */
const mailsQueuedIn = new WeakMap<Db, string[]>();

/** Runs `handler` after each change this process writes through `db` (`writeAndPublish`) has committed; returns the unregister function. */
export function onCommittedHere(db: Db, handler: CommittedHandler): () => void {
  const set = committedHandlers.get(db) ?? new Set();
  committedHandlers.set(db, set.add(handler));
  return () => set.delete(handler);
}

/** Notes a mail queued in `tx` (services/mail-queue.ts), for the handlers once its transaction commits. */
export function noteQueuedMail(tx: Db, mailId: string): void {
  mailsQueuedIn.get(tx)?.push(mailId);
}

/** A handler's failure must not turn a committed write into an error answer; handlers log their own. */
function runHandler(handler: CommittedHandler, committed: Committed) {
  try {
    handler(committed);
  } catch {
    // The write has committed; a handler's failure is its own to report.
  }
}

/**
 * The one write path of a change with effects: runs `write` in a transaction that also publishes the events it
 * returns (null: nothing to tell) and holds the mails it queues. Every process hears the events once the
 * transaction commits; then this process runs its `onCommittedHere` handlers, which deliver in the background
 * (nothing here waits on a push service or an SMTP server). Call it with the app's `db`, not inside another
 * transaction (the handlers would run before that one commits, so they are skipped there).
 */
export async function writeAndPublish<T>(
  db: Db,
  write: (tx: Db) => Promise<T>,
  eventsOf: (result: T) => BusEvent | null | ReadonlyArray<BusEvent | null>,
): Promise<T> {
  const committed: Committed = { events: [], mailIds: [] };
  const result = await db.transaction(async (tx) => {
    mailsQueuedIn.set(tx, committed.mailIds);
    const written = await write(tx);
    committed.events = [eventsOf(written)].flat().filter((event): event is BusEvent => event !== null);
    await publishEvents(tx, committed.events);
    return written;
  });
  for (const handler of committedHandlers.get(db) ?? []) runHandler(handler, committed);
  return result;
}
