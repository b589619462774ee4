import { useLiveQuery } from 'dexie-react-hooks';
import { uuidV7 } from '#shared/ids/uuid-v7.ts';
import { db, type CalibrationRecord, type OutboxRow } from '#app/lib/db.ts';
import { newestFirst } from '#app/lib/newest-first.ts';
import { useUserLiveQuery } from '#app/lib/use-user-live-query.ts';
import { problemRowsOfKind } from '#app/lib/sync/outbox.ts';
import { defineQueuedEntity, type DeletePayload, type EntityPayload, type UpdateOutcome, type WritePayload } from '#app/lib/sync/queued-entity.ts';
import type { CalibrationValues } from '../calibration-values.ts';

/**
 * My calibrations, local-first (docs/architecture.md §4): a queued entity (lib/sync/queued-entity.ts)
 * whose writes change `db.calibrations` and queue their outbox row (and the picked images) in one
 * Dexie transaction, so they work offline and the list shows them at once; calibration-senders.ts
 * says how they travel.
 */

type NoScope = Record<never, never>;

export const calibrationEntity = defineQueuedEntity<CalibrationRecord, CalibrationValues, NoScope>({
  name: 'calibration',
  table: () => db.calibrations,
  scopeOf: () => ({}),
});

export const { create: CALIBRATION_CREATE, update: CALIBRATION_UPDATE, delete: CALIBRATION_DELETE } = calibrationEntity.kinds;

export type CalibrationWritePayload = WritePayload<CalibrationRecord, CalibrationValues, NoScope>;
export type CalibrationDeletePayload = DeletePayload<CalibrationRecord, NoScope>;
export type CalibrationPayload = EntityPayload<CalibrationRecord, CalibrationValues, NoScope>;

/** Adds a calibration here and queues its create with the images; returns its id (a UUIDv7 the server keeps). */
export async function createCalibration(userId: string, values: CalibrationValues, images: Blob, imagesName?: string, id: string = uuidV7()): Promise<string> {
  const now = new Date().toISOString();
  await calibrationEntity.create(userId, { id, userId, ...values, imagesUrl: null, createdAt: now, modifiedAt: now }, values, { blob: images, name: imagesName });
  return id;
}

/** Changes a calibration here and queues the server's PUT (see the kit's `update`); new images replace the queued ones. */
export function updateCalibration(userId: string, id: string, values: CalibrationValues, images?: Blob | null, imagesName?: string): Promise<UpdateOutcome> {
  const change = (record: CalibrationRecord) => ({ ...record, ...values, modifiedAt: new Date().toISOString() });
  return calibrationEntity.update(userId, id, values, change, images ? { blob: images, name: imagesName } : null);
}

/** Deletes a calibration here and queues the server's DELETE (see the kit's `remove`). */
export function deleteCalibration(userId: string, id: string): Promise<boolean> {
  return calibrationEntity.remove(userId, id);
}

// ---- Reads -----------------------------------------------------------------------------------------

/** The user's calibrations from the local database, newest first; undefined until it is open for this user. */
export const useCalibrations = (userId: string): CalibrationRecord[] | undefined =>
  useUserLiveQuery(userId, async () => (await db.calibrations.toArray()).toSorted(newestFirst), []);

/** One calibration from the local database: undefined while loading, null when it is not here. */
export const useCalibration = (userId: string, id: string): CalibrationRecord | null | undefined =>
  useUserLiveQuery(userId, async () => (await db.calibrations.get(id)) ?? null, [id]);

/** Deletes the server refused or that conflict: the item left the list, so the list shows them apart. */
export function useUnsentDeletes(): OutboxRow<CalibrationDeletePayload>[] | undefined {
  return useLiveQuery(() => problemRowsOfKind<CalibrationDeletePayload>(CALIBRATION_DELETE));
}
