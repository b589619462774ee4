import type { Table } from 'dexie';
import { localWrite, type OutboxRow } from '../db.ts';
import { drop, enqueue, fileTables, fold, isOpenForEdit, neverSent, refusedByServer, retryWrite, storeFile, unsentRowsOf } from './outbox.ts';

/**
 * The queued-entity kit, local side (docs/architecture.md §4): a record the user creates, edits and
 * deletes offline (a calibration, an analysis, ...) is declared once, and the kit owns the rules every
 * such entity shares. Each write changes the record in its table and queues its outbox row (with the
 * picked file) in one Dexie transaction; an edit folds into a queued write that was never sent (or
 * was refused, or conflicts) instead of queueing a second one; a delete supersedes queued updates, and
 * a record the server never got just goes; `If-Match` bases are the versions the user saw. The send
 * side is queued-entity-senders.ts.
 */

/** What the kit needs of a record: its id (a UUIDv7 the server keeps) and the server's version once it has one. */
export interface QueuedRecord {
  id: string;
  version?: number;
}

/** A create or an update: the whole form (the server's PUT replaces the entity), with the entity's scope (e.g. its order). */
export type WritePayload<R, F, S> = S & {
  userId: string;
  fields: F;
  /** The record before the first of these changes (updates): what "discard" puts back without a network. */
  previous?: R;
};

export type DeletePayload<R, S> = S & {
  userId: string;
  /** `If-Match`: the version the user deleted, when no other write of the entity is ahead of this one. */
  baseVersion: number | null;
  /** The deleted record: what "discard" puts back without a network. */
  previous: R;
};

export type EntityPayload<R, F, S> = WritePayload<R, F, S> | DeletePayload<R, S>;

export interface QueuedEntityDeclaration<R extends QueuedRecord, S> {
  /** The kinds are `<name>.create|update|delete`: stored in the outbox, so never renamed. */
  name: string;
  // Insert type left open: Dexie's EntityTable makes the key optional on insert, which a generic R cannot express.
  table: () => Table<R, string, unknown>;
  /** What a record's writes carry besides the user (e.g. `{ orderId }`); `{}` for none. */
  scopeOf: (record: R) => S;
  /**
   * Only created (a quote request, a checkout): an edit folds into the create while it is unsent or refused,
   * and a removal only drops a create the server never got; neither ever queues an update or a delete.
   */
  createOnly?: boolean;
}

export interface PickedFile {
  blob: Blob;
  name?: string;
}

export interface UpdateOutcome {
  /** 'queued': a new update; 'merged': folded into a queued write not sent yet; 'retried': a refused write edited and sent again. */
  how: 'queued' | 'merged' | 'retried';
  rowId: string;
}

/** A create-only entity's record the server already has: it cannot be edited or removed any more. */
export class CreateOnlyError extends Error {
  constructor(entity: string, id: string) {
    super(`The ${entity} ${id} is on the server: it is only created`);
    this.name = 'CreateOnlyError';
  }
}

/** The record was deleted here (or never pulled): nothing to edit. */
export class LocalRecordMissingError extends Error {
  constructor(entity: string, id: string) {
    super(`No local ${entity} ${id}`);
    this.name = 'LocalRecordMissingError';
  }
}

export function defineQueuedEntity<R extends QueuedRecord, F, S extends object>(declaration: QueuedEntityDeclaration<R, S>) {
  const { name, table, scopeOf, createOnly = false } = declaration;
  const kinds = { create: `${name}.create`, update: `${name}.update`, delete: `${name}.delete` } as const;
  const tables = () => [table(), ...fileTables()];

  /** Adds the record here and queues its create with the file, in one transaction. */
  async function create(userId: string, record: R, fields: F, file: PickedFile | null) {
    await localWrite(tables(), async (tx) => {
      const fileIds = file ? [await storeFile(tx, file.blob, file.name)] : [];
      await table().add(record);
      const payload = { ...scopeOf(record), userId, fields } as WritePayload<R, F, S>;
      await enqueue(tx, { kind: kinds.create, entityId: record.id, payload, fileIds });
    });
  }

  /** Folds the new values (and file) into the entity's last unsent write when it is still open for edit. */
  async function mergeIntoOpenWrite(last: OutboxRow | undefined, fields: F, fileIds: string[] | null): Promise<UpdateOutcome | null> {
    if (!last || last.kind === kinds.delete || !isOpenForEdit(last)) return null;
    const payload = last.payload as WritePayload<R, F, S>;
    await fold(last, { ...payload, fields }, fileIds);
    return { how: last.state === 'failed' ? 'retried' : 'merged', rowId: last.id };
  }

  /**
   * Changes the record here (`change` gives the new record) and queues the server's PUT, or folds into
   * a queued write not sent yet: a pending create simply creates the edited record, and a refused write
   * is sent again with the correction (a new Idempotency-Key); a conflict keeps the edit and waits for
   * the user's keep mine / take theirs. A new file replaces the queued one; without one the current (or
   * queued) file stays.
   */
  async function update(userId: string, id: string, fields: F, change: (record: R) => R, file?: PickedFile | null): Promise<UpdateOutcome> {
    const outcome = await localWrite(tables(), async (tx): Promise<UpdateOutcome> => {
      const record = await table().get(id);
      if (!record) throw new LocalRecordMissingError(name, id);
      await table().put(change(record));
      const fileIds = file ? [await storeFile(tx, file.blob, file.name)] : null;
      const merged = await mergeIntoOpenWrite((await unsentRowsOf(id)).at(-1), fields, fileIds);
      if (merged) return merged;
      if (createOnly) throw new CreateOnlyError(name, id);
      const payload = { ...scopeOf(record), userId, fields, previous: record } as WritePayload<R, F, S>;
      const row = await enqueue(tx, { kind: kinds.update, entityId: id, payload, fileIds: fileIds ?? [] });
      return { how: 'queued', rowId: row.id };
    });
    if (outcome.how === 'retried') await retryWrite(outcome.rowId);
    return outcome;
  }

  /**
   * Deletes the record here and queues the server's DELETE (once: a second call finds nothing). A
   * record the server never got (its create not sent yet, or refused) just goes, with its queued
   * writes and files; queued updates not in flight are dropped (the delete supersedes them).
   */
  async function remove(userId: string, id: string): Promise<boolean> {
    return localWrite(tables(), async (tx) => {
      const record = await table().get(id);
      if (!record) return false;
      await table().delete(id);
      const rows = await unsentRowsOf(id);
      const head = rows[0];
      const neverOnServer = head?.kind === kinds.create && ((head.state === 'pending' && neverSent(head)) || refusedByServer(head));
      if (!neverOnServer && createOnly) throw new CreateOnlyError(name, id);
      const dropped = neverOnServer ? rows : rows.filter((row) => row.kind === kinds.update && row.state !== 'sending');
      await drop(dropped);
      if (neverOnServer) return true;
      // If-Match only when the version the user saw is the server's: no write ahead, none that may have reached it.
      const certain = rows.length === dropped.length && dropped.every(neverSent);
      const previous = (dropped[0]?.payload as WritePayload<R, F, S> | undefined)?.previous ?? record;
      const payload = { ...scopeOf(record), userId, baseVersion: certain ? (previous.version ?? null) : null, previous } as DeletePayload<R, S>;
      await enqueue(tx, { kind: kinds.delete, entityId: id, payload });
      return true;
    });
  }

  return { name, kinds, table, scopeOf, createOnly, create, update, remove };
}

export type QueuedEntity<R extends QueuedRecord, F, S extends object> = ReturnType<typeof defineQueuedEntity<R, F, S>>;
