import { useLiveQuery } from 'dexie-react-hooks';
import { uuidV7 } from '#shared/ids/uuid-v7.ts';
import { EDITABLE_ANALYSIS_STATUSES } from '#shared/schemas/orders.ts';
import { db, type AnalysisRecord, type CalibrationRecord, type OrderRecord, type OutboxRow } from '#app/lib/db.ts';
import { newestFirst } from '#app/lib/newest-first.ts';
import { useUserLiveQuery } from '#app/lib/use-user-live-query.ts';
import { problemRowsOfKind, unsentRows } from '#app/lib/sync/outbox.ts';
import { defineQueuedEntity, type DeletePayload, type EntityPayload, type UpdateOutcome, type WritePayload } from '#app/lib/sync/queued-entity.ts';
import type { AnalysisService, AnalysisValues } from '../analysis-values.ts';

/**
 * Orders (read-only, pulled) and analyses, local-first (docs/architecture.md §4): analyses are a
 * queued entity (lib/sync/queued-entity.ts) scoped by their order; analysis-senders.ts says how they
 * travel.
 */

type OrderScope = { orderId: string };

export const analysisEntity = defineQueuedEntity<AnalysisRecord, AnalysisValues, OrderScope>({
  name: 'analysis',
  table: () => db.analyses,
  scopeOf: (record) => ({ orderId: record.orderId }),
});

export const { create: ANALYSIS_CREATE, update: ANALYSIS_UPDATE, delete: ANALYSIS_DELETE } = analysisEntity.kinds;

export type AnalysisWritePayload = WritePayload<AnalysisRecord, AnalysisValues, OrderScope>;
export type AnalysisDeletePayload = DeletePayload<AnalysisRecord, OrderScope>;
export type AnalysisPayload = EntityPayload<AnalysisRecord, AnalysisValues, OrderScope>;

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
  /** Given when the form named the analysis before saving (its DICOM carry it as Patient ID). */
  id: string = uuidV7(),
): Promise<string> {
  const now = new Date().toISOString();
  const record: AnalysisRecord = { id, userId, orderId: order.id, statusCode: 'DS', serviceId: order.serviceId, messageToUser: '', createdAt: now, modifiedAt: now, ...fields };
  await analysisEntity.create(userId, record, fields, { blob: images, name: imagesName });
  return id;
}

/**
 * Changes an analysis here (back to Data sent, as the server does) and queues the PUT (see the kit's
 * `update`). New images replace the queued ones; without new images the current (or queued) ones stay.
 */
export function updateAnalysis(userId: string, id: string, fields: AnalysisValues, images?: Blob | null, imagesName?: string): Promise<UpdateOutcome> {
  const change = (record: AnalysisRecord) => ({ ...withFields(record, fields), statusCode: 'DS' as const, messageToUser: '', modifiedAt: new Date().toISOString() });
  return analysisEntity.update(userId, id, fields, change, images ? { blob: images, name: imagesName } : null);
}

/** Deletes an analysis here and queues the DELETE (the order gets the analysis back on the server); see the kit's `remove`. */
export function deleteAnalysis(userId: string, id: string): Promise<boolean> {
  return analysisEntity.remove(userId, id);
}

/** The user may edit or delete an analysis only in Data sent and Invalid information (docs/v1-contract.md §4.4). */
export const isEditable = (analysis: Pick<AnalysisRecord, 'statusCode'>) => EDITABLE_ANALYSIS_STATUSES.includes(analysis.statusCode);

// ---- Reads -----------------------------------------------------------------------------------------

export const useOrders = (userId: string): OrderRecord[] | undefined => useUserLiveQuery(userId, async () => (await db.orders.toArray()).toSorted(newestFirst), []);

/** One order: undefined while loading, null when it is not here. */
export const useOrder = (userId: string, orderId: string): OrderRecord | null | undefined =>
  useUserLiveQuery(userId, async () => (await db.orders.get(orderId)) ?? null, [orderId]);

export const useAnalyses = (userId: string, orderId: string): AnalysisRecord[] | undefined =>
  useUserLiveQuery(userId, async () => (await db.analyses.where('orderId').equals(orderId).toArray()).toSorted(newestFirst), [orderId]);

export const useAnalysis = (userId: string, id: string): AnalysisRecord | null | undefined =>
  useUserLiveQuery(userId, async () => (await db.analyses.get(id)) ?? null, [id]);

/**
 * Analyses the server has not counted yet, per order: + for creates not accepted yet, − for deletes
 * not accepted yet. The screens show `remainingOfAnalyzes − pending`, so a create made offline takes
 * its slot at once.
 */
export async function pendingSlots(): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const row of await unsentRows()) {
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

/** Deletes of this order's analyses the server refused or that conflict (the item left the list). */
export function useUnsentDeletes(orderId: string): OutboxRow<AnalysisDeletePayload>[] | undefined {
  return useLiveQuery(async () => {
    const rows = await problemRowsOfKind<AnalysisDeletePayload>(ANALYSIS_DELETE);
    return rows.filter((row) => row.payload.orderId === orderId);
  }, [orderId]);
}
