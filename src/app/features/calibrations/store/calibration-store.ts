import { useLiveQuery } from 'dexie-react-hooks';
import { uuidV7 } from '#shared/ids/uuid-v7.ts';
import { db, localWrite, useDatabaseUser, type CalibrationRecord, type OutboxRow } from '#app/lib/db.ts';
import { PROBLEM_STATES, deleteUnusedFiles, enqueue, fileTables, isOpenForEdit, refusedByServer, retryWrite, storeFile, unsentRowsOf } from '#app/lib/sync/outbox.ts';
import type { CalibrationValues } from '../calibration-values.ts';

/**
 * My calibrations, local-first (DESIGN.md §4): every write changes `db.calibrations` and queues its
 * outbox row (and the picked images in `db.blobs`) in one Dexie transaction, so it works offline and
 * the list shows it at once; the senders (calibration-senders.ts) deliver it.
 */

export const CALIBRATION_CREATE = 'calibration.create';
export const CALIBRATION_UPDATE = 'calibration.update';
export const CALIBRATION_DELETE = 'calibration.delete';

/** A create or an update: the whole form (the server's PUT replaces the calibration). */
export interface CalibrationWritePayload {
  userId: string;
  fields: CalibrationValues;
  /** The record before the first of these changes (updates): what "discard" puts back without a network. */
  previous?: CalibrationRecord;
}

export interface CalibrationDeletePayload {
  userId: string;
  calibrationName: string;
  /** `If-Match`: the version the user deleted, when no other write of the entity is ahead of this one. */
  baseVersion: number | null;
  /** The deleted record: what "discard" puts back without a network. */
  previous: CalibrationRecord;
}

export type CalibrationPayload = CalibrationWritePayload | CalibrationDeletePayload;

const tables = () => [db.calibrations, ...fileTables()];

/** The record was deleted here (or never pulled): nothing to edit. */
export class CalibrationNotFoundError extends Error {
  constructor(id: string) {
    super(`No local calibration ${id}`);
    this.name = 'CalibrationNotFoundError';
  }
}

/** Adds a calibration here and queues its create with the images; returns its id (a UUIDv7 the server keeps). */
export async function createCalibration(userId: string, values: CalibrationValues, images: Blob, imagesName?: string): Promise<string> {
  const id = uuidV7();
  const now = new Date().toISOString();
  await localWrite(tables(), async (tx) => {
    const fileId = await storeFile(tx, images, imagesName);
    await db.calibrations.add({ id, userId, ...values, imagesUrl: null, createAt: now, modifiedAt: now });
    await enqueue<CalibrationWritePayload>(tx, { kind: CALIBRATION_CREATE, entityId: id, payload: { userId, fields: values }, fileIds: [fileId] });
  });
  return id;
}

export interface UpdateOutcome {
  /** 'queued': a new update; 'merged': folded into a queued write not sent yet; 'retried': a refused write edited and sent again. */
  how: 'queued' | 'merged' | 'retried';
  rowId: string;
}

/**
 * Changes a calibration here and queues the server's PUT. When the entity's last queued write was
 * never sent (or was refused, or is in conflict), that write takes the new values instead of a second
 * one following it: a pending create simply creates the edited calibration, and a refused write is
 * sent again with the correction (a new Idempotency-Key). New images replace the queued ones;
 * without new images the current (or queued) ones stay.
 */
export async function updateCalibration(userId: string, id: string, values: CalibrationValues, images?: Blob | null, imagesName?: string): Promise<UpdateOutcome> {
  const outcome = await localWrite(tables(), async (tx): Promise<UpdateOutcome & { state?: OutboxRow['state'] }> => {
    const record = await db.calibrations.get(id);
    if (!record) throw new CalibrationNotFoundError(id);
    await db.calibrations.put({ ...record, ...values, modifiedAt: new Date().toISOString() });
    const fileIds = images ? [await storeFile(tx, images, imagesName)] : null;
    const last = (await unsentRowsOf(id)).at(-1);
    if (last && last.kind !== CALIBRATION_DELETE && isOpenForEdit(last)) {
      const payload = last.payload as CalibrationWritePayload;
      await db.outbox.update(last.seq!, { payload: { ...payload, fields: values }, ...(fileIds && { fileIds }) });
      if (fileIds) await deleteUnusedFiles(last.fileIds);
      return { how: last.state === 'failed' ? 'retried' : 'merged', rowId: last.id, state: last.state };
    }
    const row = await enqueue<CalibrationWritePayload>(tx, {
      kind: CALIBRATION_UPDATE,
      entityId: id,
      payload: { userId, fields: values, previous: record },
      fileIds: fileIds ?? [],
    });
    return { how: 'queued', rowId: row.id };
  });
  // A refused write goes again with the correction; a conflict keeps the edit and waits for the user's keep mine / take theirs.
  if (outcome.how === 'retried') await retryWrite(outcome.rowId);
  return { how: outcome.how, rowId: outcome.rowId };
}

/**
 * Deletes a calibration here and queues the server's DELETE (once: a second call finds nothing).
 * A calibration the server never got (its create not sent yet, or refused) just goes, with its queued
 * writes and images; queued updates not in flight are dropped (the delete supersedes them).
 */
export async function deleteCalibration(userId: string, id: string): Promise<boolean> {
  return localWrite(tables(), async (tx) => {
    const record = await db.calibrations.get(id);
    if (!record) return false;
    await db.calibrations.delete(id);
    const rows = await unsentRowsOf(id);
    const head = rows[0];
    const neverOnServer = head?.kind === CALIBRATION_CREATE && ((head.state === 'pending' && head.attempts === 0) || refusedByServer(head));
    const dropped = neverOnServer ? rows : rows.filter((row) => row.kind === CALIBRATION_UPDATE && row.state !== 'sending');
    await db.outbox.bulkDelete(dropped.map((row) => row.seq!));
    await deleteUnusedFiles(dropped.flatMap((row) => row.fileIds));
    if (neverOnServer) return true;
    // If-Match only when the version the user saw is the server's: no write ahead, none that may have reached it.
    const certain = rows.length === dropped.length && dropped.every((row) => row.attempts === 0);
    const previous = (dropped[0]?.payload as CalibrationWritePayload | undefined)?.previous ?? record;
    await enqueue<CalibrationDeletePayload>(tx, {
      kind: CALIBRATION_DELETE,
      entityId: id,
      payload: { userId, calibrationName: record.calibrationName, baseVersion: certain ? (previous.version ?? null) : null, previous },
    });
    return true;
  });
}

// ---- Reads -----------------------------------------------------------------------------------------

/** Newest first, as the server lists them (v1): by creation, then id (UUIDv7 ids sort by time). */
const byNewest = (a: CalibrationRecord, b: CalibrationRecord) =>
  (b.createAt ?? '').localeCompare(a.createAt ?? '') || b.id.localeCompare(a.id);

/** The user's calibrations from the local database, newest first; undefined until it is open for this user. */
export function useCalibrations(userId: string): CalibrationRecord[] | undefined {
  const databaseUser = useDatabaseUser();
  return useLiveQuery(async () => {
    if (databaseUser !== userId) return undefined;
    return (await db.calibrations.toArray()).toSorted(byNewest);
  }, [databaseUser, userId]);
}

/** One calibration from the local database: undefined while loading, null when it is not here. */
export function useCalibration(userId: string, id: string): CalibrationRecord | null | undefined {
  const databaseUser = useDatabaseUser();
  return useLiveQuery(async () => {
    if (databaseUser !== userId) return undefined;
    return (await db.calibrations.get(id)) ?? null;
  }, [databaseUser, userId, id]);
}

/** The images a queued write of this calibration will upload (the latest picked), or null. */
export function useQueuedImages(id: string): { name: string; size: number } | null | undefined {
  return useLiveQuery(async () => {
    const withFiles = (await unsentRowsOf(id)).filter((row) => row.fileIds.length > 0).at(-1);
    const file = withFiles ? await db.blobs.get(withFiles.fileIds[0]!) : undefined;
    return file ? { name: file.name, size: file.size } : null;
  }, [id]);
}

/** Deletes the server refused or that conflict: the item left the list, so the list shows them apart. */
export function useUnsentDeletes(): OutboxRow<CalibrationDeletePayload>[] | undefined {
  return useLiveQuery(async () => {
    const rows = await db.outbox.where('kind').equals(CALIBRATION_DELETE).toArray();
    return rows.filter((row) => PROBLEM_STATES.includes(row.state)).toSorted((a, b) => a.seq! - b.seq!) as OutboxRow<CalibrationDeletePayload>[];
  });
}

/** The names of an isotope filter kept here, in alphabetical order (the form's list, offline too). */
export function useIsotopeNames(filter: string): string[] | undefined {
  return useLiveQuery(async () => {
    const rows = await db.isotopes.where('filter').equals(filter).toArray();
    return rows.map((row) => row.name).toSorted((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  }, [filter]);
}
