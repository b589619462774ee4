import type { Table, Transaction } from 'dexie';
import { uuidV7 } from '#shared/ids/uuid-v7.ts';
import { db, localWrite, uploadRecordKey, type OutboxRow, type OutboxState, type StoredFile } from '../db.ts';

/**
 * The outbox (docs/architecture.md §4): every offline-capable write stores its entity change and one outbox row
 * in the same Dexie transaction. The drainer sends the rows; nothing leaves the outbox except by
 * success (state `done`) or by the user's choice (discard, take theirs).
 *
 * This module is the table's only door (a lint rule refuses `db.outbox` elsewhere): queueing, the
 * drainer's claim / settle / tidy / wake, the kit's fold and drop, pause and resume, and the scopes a
 * transaction that touches the outbox names.
 */

/** A transaction that queues a write (no file) besides changing `tables`. */
export const queueScope = (...tables: Table[]) => [...tables, db.outbox];

/** A pull that merges a server list into `table`, leaving entities with unsent writes alone. */
export const pullScope = (table: Table) => [table, db.outbox, db.meta];

/** States of a write the server has not accepted yet. */
export const UNSENT_STATES: readonly OutboxState[] = ['pending', 'sending', 'failed', 'conflict'];
/** States that need the user (edit and retry, discard, keep mine, take theirs). */
export const PROBLEM_STATES: readonly OutboxState[] = ['failed', 'conflict'];

/** No request of this write ever left (none answered, none lost on the way): the server cannot have it. */
export const neverSent = (row: OutboxRow) => row.attempts === 0 && !row.networkFailures;

/** A queued write the user may still change in place: never sent, or refused / in conflict (edit and retry). */
export const isOpenForEdit = (row: OutboxRow) => (row.state === 'pending' && neverSent(row)) || PROBLEM_STATES.includes(row.state);

/** A refused write (an answer, not a lost request): for a create, the server has no such entity. */
export const refusedByServer = (row: OutboxRow) => PROBLEM_STATES.includes(row.state) && (row.lastStatus !== null || neverSent(row));

export interface EnqueueInput<P> {
  kind: string;
  entityId: string;
  payload: P;
  fileIds?: string[];
}

const enqueuedListeners = new Set<() => void>();

/** Told after a transaction that queued a write commits (the drainer listens). */
export function onEnqueued(listener: () => void) {
  enqueuedListeners.add(listener);
  return () => {
    enqueuedListeners.delete(listener);
  };
}

/**
 * Queues a write inside the caller's transaction, which must include `db.outbox` (and `db.blobs` when
 * files were stored): if the transaction fails, neither the entity change nor the row is written.
 *
 *     await localWrite([db.calibrations, db.outbox], async (tx) => {
 *       await db.calibrations.put(calibration);
 *       await enqueue(tx, { kind: 'calibration.create', entityId: calibration.id, payload });
 *     });
 */
export async function enqueue<P>(tx: Transaction, { kind, entityId, payload, fileIds = [] }: EnqueueInput<P>): Promise<OutboxRow<P>> {
  const now = Date.now();
  const row: OutboxRow<P> = {
    id: uuidV7(),
    kind,
    entityId,
    payload,
    fileIds,
    queuedAt: now,
    attempts: 0,
    state: 'pending',
    lastError: null,
    lastStatus: null,
    nextAttemptAt: now,
  };
  row.seq = await tx.table<OutboxRow<P>, number>('outbox').add(row);
  tx.on('complete', () => enqueuedListeners.forEach((listener) => listener()));
  return row;
}

/** Keeps a file for a queued write, inside the caller's transaction (which must include `db.blobs`). Returns its id. */
export async function storeFile(tx: Transaction, file: Blob, name = file instanceof File ? file.name : 'file'): Promise<string> {
  const stored: StoredFile = { id: uuidV7(), blob: file, name, type: file.type, size: file.size, storedAt: Date.now() };
  await tx.table<StoredFile, string>('blobs').add(stored);
  return stored.id;
}

// ---- Reads ------------------------------------------------------------------------------------------

/** Rows not accepted by the server yet, oldest first. */
export function unsentRows() {
  return db.outbox.where('state').anyOf(UNSENT_STATES).sortBy('seq');
}

export function unsentCount() {
  return db.outbox.where('state').anyOf(UNSENT_STATES).count();
}

/** Writes waiting their turn or being sent now (not those that need the user), oldest first. */
export function queuedRows() {
  return db.outbox.where('state').anyOf(['pending', 'sending']).sortBy('seq');
}

/** Every outbox row of one entity, done ones included (the per-item badge picks the most urgent). */
export function rowsOf(entityId: string) {
  return db.outbox.where('entityId').equals(entityId).toArray();
}

/** Writes of one kind that need the user (refused or in conflict), oldest first. */
export async function problemRowsOfKind<P>(kind: string): Promise<OutboxRow<P>[]> {
  const rows = await db.outbox.where('kind').equals(kind).toArray();
  return rows.filter((row) => PROBLEM_STATES.includes(row.state)).toSorted((a, b) => a.seq! - b.seq!) as OutboxRow<P>[];
}

/** The file the latest unsent write of an entity carries (the one it will upload), if any. */
export async function queuedFileOf(entityId: string): Promise<StoredFile | null> {
  const withFiles = (await unsentRowsOf(entityId)).filter((row) => row.fileIds.length > 0).at(-1);
  return (withFiles && (await db.blobs.get(withFiles.fileIds[0]!))) ?? null;
}

/** Whether an entity's create (`createKind`) is still queued here (so the server does not know it yet). */
export async function hasUnsentCreate(entityId: string, createKind: string) {
  return (await unsentRowsOf(entityId)).some((row) => row.kind === createKind);
}

/** Whether a write is still the one queued under this id (not sent, cancelled or replaced meanwhile). */
export async function isStillQueued(row: OutboxRow) {
  return (await db.outbox.get(row.seq!))?.id === row.id;
}

/** Unsent rows of one entity, oldest first. */
export function unsentRowsOf(entityId: string) {
  return db.outbox
    .where('entityId')
    .equals(entityId)
    .filter((row) => row.state !== 'done')
    .sortBy('seq');
}

/** Entity ids with a write the server has not accepted: pulls leave them as they are locally. */
export async function entitiesWithUnsentWrites(): Promise<Set<string>> {
  const rows = await db.outbox.where('state').anyOf(UNSENT_STATES).toArray();
  return new Set(rows.map((row) => row.entityId));
}

// ---- The drainer ----------------------------------------------------------------------------------------

/** Done rows stay a day (to answer "was it sent?"), then go. */
const DONE_RETENTION_MS = 24 * 3600_000;

/** Takes a pending row for sending, unless another run or a user's choice changed it meanwhile. */
export function claim(row: OutboxRow): Promise<OutboxRow | null> {
  return localWrite([db.outbox], async () => {
    const current = await db.outbox.get(row.seq!);
    if (!current || current.id !== row.id || current.state !== 'pending') return null;
    await db.outbox.update(row.seq!, { state: 'sending' });
    return current;
  });
}

/** Writes what a send meant on its row (if it is still the row sent: a wipe or a discard may have removed it); done, its files go. */
export async function settle(row: OutboxRow, changes: Partial<OutboxRow>) {
  await localWrite(fileTables(), async () => {
    const current = await db.outbox.get(row.seq!);
    if (!current || current.id !== row.id) return;
    await db.outbox.update(row.seq!, changes);
    if (changes.state === 'done') await deleteUnusedFiles(row.fileIds);
  });
}

/** Holding the drainer's lock: rows left 'sending' by a closed tab go back to 'pending'; old done rows go. */
export async function tidy(now: number) {
  await localWrite([db.outbox], async () => {
    await db.outbox.where('state').equals('sending').modify({ state: 'pending' });
    const before = now - DONE_RETENTION_MS;
    await db.outbox
      .where('state')
      .equals('done')
      .filter((row) => (row.doneAt ?? 0) < before)
      .delete();
  });
}

/** Makes these rows due now (and, with `changes`, clears what they waited for). */
export async function wake(rows: readonly OutboxRow[], now: number, changes: Partial<OutboxRow> = {}) {
  await localWrite([db.outbox], async () => {
    for (const row of rows) await db.outbox.update(row.seq!, { nextAttemptAt: now, ...changes });
  });
}

// ---- The queued-entity kit ------------------------------------------------------------------------------

/** Folds new values into a queued write not sent yet (call inside the entity's transaction, on `fileTables()`). */
export async function fold<P>(row: OutboxRow<P>, payload: P, fileIds: string[] | null) {
  await db.outbox.update(row.seq!, { payload, ...(fileIds && { fileIds }) });
  if (fileIds) await deleteUnusedFiles(row.fileIds);
}

/** Drops queued writes the user's change made moot, and their files no other write needs (inside a transaction on `fileTables()`). */
export async function drop(rows: readonly OutboxRow[]) {
  await db.outbox.bulkDelete(rows.map((row) => row.seq!));
  await deleteUnusedFiles(rows.flatMap((row) => row.fileIds));
}

// ---- The user's choices on a failed or conflicting write ---------------------------------------------

export async function rowById(id: string) {
  const row = await db.outbox.where('id').equals(id).first();
  if (!row) throw new Error(`No outbox row ${id}`);
  return row;
}

/**
 * Sends a failed or conflicting write again (edit-and-retry, or "keep mine" with a fresh `If-Match`
 * in the payload). It gets a new `Idempotency-Key`: the server stored its answer to the old one.
 * It keeps its place in the queue.
 */
export async function retryWrite<P>(id: string, changes: { payload?: P; fileIds?: string[] } = {}) {
  await localWrite([db.outbox], async () => {
    const row = await rowById(id);
    await db.outbox.update(row.seq!, {
      id: uuidV7(),
      state: 'pending',
      attempts: 0,
      networkFailures: 0,
      waitReason: null,
      lastError: null,
      lastErrorField: null,
      lastStatus: null,
      nextAttemptAt: Date.now(),
      ...(changes.payload !== undefined && { payload: changes.payload }),
      ...(changes.fileIds !== undefined && { fileIds: changes.fileIds }),
    });
  });
  enqueuedListeners.forEach((listener) => listener());
}

/**
 * Drops a write at the user's request (discard, or "take theirs"), with the later writes to the same
 * entity (they built on it), and the files no other write needs. Returns the dropped rows, oldest
 * first, so the caller can restore the entity (usually by pulling the server's copy).
 */
export async function discardWrite(id: string): Promise<OutboxRow[]> {
  return localWrite(fileTables(), async () => {
    const row = await rowById(id);
    const dropped = (await unsentRowsOf(row.entityId)).filter((other) => other.seq! >= row.seq!);
    await drop(dropped);
    return dropped;
  });
}

/** The tables a transaction that calls `deleteUnusedFiles` needs. */
export const fileTables = () => [db.outbox, db.blobs, db.meta];

/**
 * Deletes the given files, and the records of their resumable uploads, unless an unsent write still
 * refers to them. Call inside a transaction on `fileTables()`.
 */
export async function deleteUnusedFiles(fileIds: string[]) {
  if (fileIds.length === 0) return;
  const stillUsed = new Set((await unsentRows()).flatMap((row) => row.fileIds));
  const unused = fileIds.filter((fileId) => !stillUsed.has(fileId));
  await db.blobs.bulkDelete(unused);
  await db.meta.bulkDelete(unused.map(uploadRecordKey));
}

// ---- Tests ----------------------------------------------------------------------------------------------

/** Tests: every row, in queue order. */
export const allRows = () => db.outbox.orderBy('seq').toArray();

/** Tests: how many rows there are. */
export const rowCount = () => db.outbox.count();

/** Tests: one row by its place in the queue. */
export const rowAt = (seq: number) => db.outbox.get(seq);

/** Tests: puts rows in the state a case starts from (every row, or those `which` picks). */
export async function changeRows(changes: Partial<OutboxRow>, which: (row: OutboxRow) => boolean = () => true) {
  await localWrite([db.outbox], () => db.outbox.filter(which).modify(changes));
}

/** Tests: puts one row in the state a case starts from. */
export const changeRow = (seq: number, changes: Partial<OutboxRow>) => localWrite([db.outbox], () => db.outbox.update(seq, changes));

/** Tests: a row written as another tab would, without `enqueue`'s notice. */
export const addRowUnnoticed = (row: OutboxRow) => localWrite([db.outbox], () => db.outbox.add(row));

/** Tests: the disk refusing the next rows (`refuse` throws); returns the undo. */
export function refuseRows(refuse: () => void) {
  db.outbox.hook('creating', refuse);
  return () => db.outbox.hook('creating').unsubscribe(refuse);
}
