import { eq, type Column } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { files } from '../db/schema.ts';
import { appError, notFound, type AppError } from '../errors.ts';

/**
 * What the writes the client queues (calibrations, analyses) share: creation with the client's id, once;
 * If-Match on the row's version; the answer when a guarded write matched nothing; constraints broken by a
 * concurrent request; the files a write frees.
 */

/** Another request inserted the same id first; thrown inside the write to roll it back (its file row with it). */
export class ConcurrentCreate extends Error {}

export type CreateOutcome<Row> = { created: boolean; row: Row };

/**
 * Creates with the client's id, once. `findReplay` finds the row this id already names (the same content,
 * or it throws 404/409); a replay returns it, and so does losing the race to a concurrent create of the id
 * (`insert` throws `ConcurrentCreate`).
 */
export async function createOnce<Row>(findReplay: () => Promise<Row | null>, insert: () => Promise<Row>): Promise<CreateOutcome<Row>> {
  const existing = await findReplay();
  if (existing) return { created: false, row: existing };
  const row = await insert().catch((error: unknown) => {
    if (error instanceof ConcurrentCreate) return null;
    throw error;
  });
  if (row) return { created: true, row };
  const winner = await findReplay();
  if (!winner) throw notFound();
  return { created: false, row: winner };
}

/** If-Match's condition on a write: that version, or any when the request sent none (the last write wins, v1). */
export const versionIs = (column: Column, expectedVersion: number | null) =>
  expectedVersion === null ? undefined : eq(column, expectedVersion);

/**
 * Why a write guarded by id, version (and the entity's own rule) matched nothing, from the row as it is now:
 * gone (404), a stale If-Match (412), else the entity's refusal.
 */
export function whyNotWritten(now: { version: number } | undefined, expectedVersion: number | null, otherwise: () => AppError): AppError {
  if (!now) return notFound();
  if (expectedVersion !== null && now.version !== expectedVersion) return appError(412, 'errors.preconditionFailed');
  return otherwise();
}

/** A constraint a concurrent request may break between the check and the write, answered as the check would. */
export interface RaceRule {
  /** PostgreSQL's error code: 23505 unique, 23503 foreign key. */
  code: '23505' | '23503';
  /** Part of the constraint's name. */
  constraint: string;
  answer: () => AppError;
}

/** Runs a write; a rule's constraint broken by a concurrent request (anywhere in the error's causes) gets the rule's answer. */
export async function guardRaces<T>(rules: readonly RaceRule[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
      const { code, constraint } = e as { code?: string; constraint?: string };
      const rule = rules.find((r) => r.code === code && String(constraint).includes(r.constraint));
      if (rule) throw rule.answer();
    }
    throw error;
  }
}

/** Deletes a file's row in the caller's transaction; returns its storage key, to remove once committed. */
export async function dropFileRow(tx: Db, fileId: string | null): Promise<string | null> {
  if (!fileId) return null;
  const [file] = await tx.delete(files).where(eq(files.id, fileId)).returning({ storageKey: files.storageKey });
  return file?.storageKey ?? null;
}
