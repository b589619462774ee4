import { useLiveQuery } from 'dexie-react-hooks';
import { uuidV7 } from '#shared/ids/uuid-v7.ts';
import { EDITABLE_ANALYSIS_STATUSES } from '#shared/schemas/orders.ts';
import { db, localWrite, useDatabaseUser, type AnalysisRecord, type CalibrationRecord, type OrderRecord, type OutboxRow } from '#app/lib/db.ts';
import { PROBLEM_STATES, UNSENT_STATES, deleteUnusedFiles, enqueue, fileTables, isOpenForEdit, refusedByServer, retryWrite, storeFile, unsentRowsOf } from '#app/lib/sync/outbox.ts';
import type { AnalysisService, AnalysisValues } from '../analysis-values.ts';

/**
 * Orders (read-only, pulled) and analyses, local-first (DESIGN.md §4): every analysis write changes
 * `db.analyses` and queues its outbox row (with the picked images in `db.blobs`) in one Dexie
 * transaction, so it works offline; the senders (analysis-senders.ts) upload the images (tus,
 * resumable) and deliver it.
 */

export const ANALYSIS_CREATE = 'analysis.create';
export const ANALYSIS_UPDATE = 'analysis.update';
export const ANALYSIS_DELETE = 'analysis.delete';
export const ANALYSIS_KINDS = [ANALYSIS_CREATE, ANALYSIS_UPDATE, ANALYSIS_DELETE] as const;

export interface AnalysisWritePayload {
  userId: string;
  orderId: string;
  fields: AnalysisValues;
  /** The record before the first of these changes (updates): what "discard" puts back without a network. */
  previous?: AnalysisRecord;
}

export interface AnalysisDeletePayload {
  userId: string;
  orderId: string;
  analysisName: string;
  baseVersion: number | null;
  previous: AnalysisRecord;
}

export type AnalysisPayload = AnalysisWritePayload | AnalysisDeletePayload;

const tables = () => [db.analyses, ...fileTables()];

export class AnalysisNotFoundError extends Error {
  constructor(id: string) {
    super(`No local analysis ${id}`);
    this.name = 'AnalysisNotFoundError';
  }
}

/** Only the service's fields: an edit never leaves another service's values behind. */
function withFields(record: AnalysisRecord, fields: AnalysisValues): AnalysisRecord {
  const { calibrationId: _c, injectedActivity: _i, administrationDatetime: _a, isotope: _s, ...rest } = record;
  return { ...rest, ...fields };
}

/** Adds an analysis here (Data sent) and queues its create with the images; returns its id (a UUIDv7 the server keeps). */
export async function createAnalysis(
  userId: string,
  order: Pick<OrderRecord, 'id' | 'serviceId'> & { serviceId: AnalysisService },
  fields: AnalysisValues,
  images: Blob,
  imagesName?: string,
): Promise<string> {
  const id = uuidV7();
  const now = new Date().toISOString();
  await localWrite(tables(), async (tx) => {
    const fileId = await storeFile(tx, images, imagesName);
    await db.analyses.add({
      id,
      userId,
      orderId: order.id,
      statusCode: 'DS',
      serviceId: order.serviceId,
      messageToUser: '',
      createdAt: now,
      modifiedAt: now,
      ...fields,
    });
    await enqueue<AnalysisWritePayload>(tx, { kind: ANALYSIS_CREATE, entityId: id, payload: { userId, orderId: order.id, fields }, fileIds: [fileId] });
  });
  return id;
}

export interface UpdateOutcome {
  how: 'queued' | 'merged' | 'retried';
  rowId: string;
}

/**
 * Changes an analysis here (back to Data sent, as the server does) and queues the PUT; a queued write
 * not sent yet (or refused, or in conflict) takes the new values instead (as calibrations do). New
 * images replace the queued ones; without new images the current (or queued) ones stay.
 */
export async function updateAnalysis(userId: string, id: string, fields: AnalysisValues, images?: Blob | null, imagesName?: string): Promise<UpdateOutcome> {
  const outcome = await localWrite(tables(), async (tx): Promise<UpdateOutcome> => {
    const record = await db.analyses.get(id);
    if (!record) throw new AnalysisNotFoundError(id);
    await db.analyses.put({ ...withFields(record, fields), statusCode: 'DS', messageToUser: '', modifiedAt: new Date().toISOString() });
    const fileIds = images ? [await storeFile(tx, images, imagesName)] : null;
    const last = (await unsentRowsOf(id)).at(-1);
    if (last && last.kind !== ANALYSIS_DELETE && isOpenForEdit(last)) {
      const payload = last.payload as AnalysisWritePayload;
      await db.outbox.update(last.seq!, { payload: { ...payload, fields }, ...(fileIds && { fileIds }) });
      if (fileIds) await deleteUnusedFiles(last.fileIds);
      return { how: last.state === 'failed' ? 'retried' : 'merged', rowId: last.id };
    }
    const row = await enqueue<AnalysisWritePayload>(tx, {
      kind: ANALYSIS_UPDATE,
      entityId: id,
      payload: { userId, orderId: record.orderId, fields, previous: record },
      fileIds: fileIds ?? [],
    });
    return { how: 'queued', rowId: row.id };
  });
  if (outcome.how === 'retried') await retryWrite(outcome.rowId);
  return outcome;
}

/**
 * Deletes an analysis here and queues the DELETE (the order gets the analysis back on the server).
 * One the server never got just goes, with its queued writes and images.
 */
export async function deleteAnalysis(userId: string, id: string): Promise<boolean> {
  return localWrite(tables(), async (tx) => {
    const record = await db.analyses.get(id);
    if (!record) return false;
    await db.analyses.delete(id);
    const rows = await unsentRowsOf(id);
    const head = rows[0];
    const neverOnServer = head?.kind === ANALYSIS_CREATE && ((head.state === 'pending' && head.attempts === 0) || refusedByServer(head));
    const dropped = neverOnServer ? rows : rows.filter((row) => row.kind === ANALYSIS_UPDATE && row.state !== 'sending');
    await db.outbox.bulkDelete(dropped.map((row) => row.seq!));
    await deleteUnusedFiles(dropped.flatMap((row) => row.fileIds));
    if (neverOnServer) return true;
    const certain = rows.length === dropped.length && dropped.every((row) => row.attempts === 0);
    const previous = (dropped[0]?.payload as AnalysisWritePayload | undefined)?.previous ?? record;
    await enqueue<AnalysisDeletePayload>(tx, {
      kind: ANALYSIS_DELETE,
      entityId: id,
      payload: { userId, orderId: record.orderId, analysisName: record.analysisName, baseVersion: certain ? (previous.version ?? null) : null, previous },
    });
    return true;
  });
}

/** The user may edit or delete an analysis only in Data sent and Invalid information (v1 §4.4). */
export const isEditable = (analysis: Pick<AnalysisRecord, 'statusCode'>) => EDITABLE_ANALYSIS_STATUSES.includes(analysis.statusCode);

// ---- Reads -----------------------------------------------------------------------------------------

/** Newest first, as the server lists them. */
const byNewest = <T extends { id: string; createdAt?: string }>(a: T, b: T) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || b.id.localeCompare(a.id);

export function useOrders(userId: string): OrderRecord[] | undefined {
  const databaseUser = useDatabaseUser();
  return useLiveQuery(async () => {
    if (databaseUser !== userId) return undefined;
    return (await db.orders.toArray()).toSorted(byNewest);
  }, [databaseUser, userId]);
}

/** One order: undefined while loading, null when it is not here. */
export function useOrder(userId: string, orderId: string): OrderRecord | null | undefined {
  const databaseUser = useDatabaseUser();
  return useLiveQuery(async () => {
    if (databaseUser !== userId) return undefined;
    return (await db.orders.get(orderId)) ?? null;
  }, [databaseUser, userId, orderId]);
}

export function useAnalyses(userId: string, orderId: string): AnalysisRecord[] | undefined {
  const databaseUser = useDatabaseUser();
  return useLiveQuery(async () => {
    if (databaseUser !== userId) return undefined;
    return (await db.analyses.where('orderId').equals(orderId).toArray()).toSorted(byNewest);
  }, [databaseUser, userId, orderId]);
}

export function useAnalysis(userId: string, id: string): AnalysisRecord | null | undefined {
  const databaseUser = useDatabaseUser();
  return useLiveQuery(async () => {
    if (databaseUser !== userId) return undefined;
    return (await db.analyses.get(id)) ?? null;
  }, [databaseUser, userId, id]);
}

/**
 * Analyses the server has not counted yet, per order: + for creates not accepted yet, − for deletes
 * not accepted yet. The screens show `remainingOfAnalyzes − pending`, so a create made offline takes
 * its slot at once.
 */
export async function pendingSlots(): Promise<Map<string, number>> {
  const rows = await db.outbox.where('state').anyOf(UNSENT_STATES).toArray();
  const out = new Map<string, number>();
  for (const row of rows) {
    const delta = row.kind === ANALYSIS_CREATE ? 1 : row.kind === ANALYSIS_DELETE ? -1 : 0;
    if (delta === 0) continue;
    const { orderId } = row.payload as AnalysisPayload;
    out.set(orderId, (out.get(orderId) ?? 0) + delta);
  }
  return out;
}

export function usePendingSlots(): Map<string, number> | undefined {
  return useLiveQuery(pendingSlots);
}

/** The remaining analyses as the user sees them (never below 0). */
export const remainingOf = (order: Pick<OrderRecord, 'id' | 'remainingOfAnalyzes'>, pending: Map<string, number> | undefined) =>
  Math.max(0, order.remainingOfAnalyzes - (pending?.get(order.id) ?? 0));

/** The user's calibrations here, by name (the dosimetry form's list, offline too). */
export function useCalibrationChoices(): CalibrationRecord[] | undefined {
  return useLiveQuery(async () => (await db.calibrations.toArray()).toSorted((a, b) => a.calibrationName.localeCompare(b.calibrationName)));
}

export function useIsotopeNames(filter: string): string[] | undefined {
  return useLiveQuery(async () => {
    const rows = await db.isotopes.where('filter').equals(filter).toArray();
    return rows.map((row) => row.name).toSorted((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  }, [filter]);
}

/** The images a queued write of this analysis will upload (the latest picked), or null. */
export function useQueuedImages(id: string): { name: string; size: number } | null | undefined {
  return useLiveQuery(async () => {
    const withFiles = (await unsentRowsOf(id)).filter((row) => row.fileIds.length > 0).at(-1);
    const file = withFiles ? await db.blobs.get(withFiles.fileIds[0]!) : undefined;
    return file ? { name: file.name, size: file.size } : null;
  }, [id]);
}

/** Deletes of this order's analyses the server refused or that conflict (the item left the list). */
export function useUnsentDeletes(orderId: string): OutboxRow<AnalysisDeletePayload>[] | undefined {
  return useLiveQuery(async () => {
    const rows = (await db.outbox.where('kind').equals(ANALYSIS_DELETE).toArray()) as OutboxRow<AnalysisDeletePayload>[];
    return rows.filter((row) => PROBLEM_STATES.includes(row.state) && row.payload.orderId === orderId).toSorted((a, b) => a.seq! - b.seq!);
  }, [orderId]);
}
