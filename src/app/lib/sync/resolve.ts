import { discardWrite, retryWrite, rowById } from './outbox.ts';
import { writeKindOf } from './write-kinds.ts';

/**
 * The user's answers to a write the server refused (failed) or that conflicts with the server's
 * copy (conflict). Nothing here runs on its own: each is a button the user pressed.
 */

/** Failed: send it again as it is (after the cause was fixed elsewhere) or with an edited payload. */
export function retryFailedWrite<P>(id: string, payload?: P) {
  return retryWrite(id, payload === undefined ? {} : { payload });
}

/** Failed or conflict: drop the local change (and later ones to the same entity), then let the kind restore the server's copy. */
export async function discardLocalChange(id: string) {
  const dropped = await discardWrite(id);
  const first = dropped[0];
  if (first) await writeKindOf(first.kind)?.onDiscard?.(dropped);
  return dropped;
}

/** Conflict, "keep mine": send the local version again over the server's (with a fresh If-Match, when the kind provides one). */
export async function keepMine(id: string) {
  const row = await rowById(id);
  const payload = (await writeKindOf(row.kind)?.keepMine?.(row)) ?? row.payload;
  await retryWrite(id, { payload });
}

/** Conflict, "take theirs": drop the local change and re-pull. */
export const takeTheirs = discardLocalChange;
