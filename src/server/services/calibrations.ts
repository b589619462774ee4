import { and, desc, eq, inArray, not, sql } from 'drizzle-orm';
import type { Calibration, CalibrationFields } from '#shared/schemas/calibrations.ts';
import { EDITABLE_ANALYSIS_STATUSES } from '#shared/schemas/orders.ts';
import type { Db } from '../db/client.ts';
import { analyses, calibrations, files, isotopes } from '../db/schema.ts';
import { appError, fieldErrors } from '../errors.ts';
import { storeImages, type ImagesSource, type NewFile } from './images.ts';

type Row = typeof calibrations.$inferSelect;
export type CalibrationInput = Omit<CalibrationFields, 'id'>;
export type { ImagesSource, NewFile };

export function presentCalibration(row: Row): Calibration {
  return {
    id: row.id,
    userId: row.userId,
    isotope: row.isotope,
    calibrationName: row.calibrationName,
    syringeActivity: row.syringeActivity,
    residualSyringeActivity: row.residualSyringeActivity,
    measurementDatetime: row.measurementDatetime.toISOString(),
    phantomVolume: row.phantomVolume,
    acquisitionTime: row.acquisitionTime,
    createAt: row.createdAt.toISOString(),
    modifiedAt: row.modifiedAt.toISOString(),
    imagesUrl: row.imagesFileId ? `/api/v1/files/${row.imagesFileId}/` : null,
    version: row.version,
  };
}

export async function listCalibrations(db: Db, userId: string): Promise<Row[]> {
  return db.select().from(calibrations).where(eq(calibrations.userId, userId)).orderBy(desc(calibrations.createdAt), desc(calibrations.id));
}

const notFound = () => appError(404, 'errors.resourceNotFound');

/** The user's calibration, or 404 with v1's message (another user's is 404 too). */
export async function getCalibration(db: Db, userId: string, id: string): Promise<Row> {
  const [row] = await db.select().from(calibrations).where(and(eq(calibrations.id, id), eq(calibrations.userId, userId)));
  if (!row) throw notFound();
  return row;
}

/**
 * v1: the isotope must be a registered dosimetry isotope. The routes check it right after the isotope's form,
 * before the rest of the form (v1 §1.13: its errors come alone).
 */
export async function assertDosimetryIsotope(db: Db, name: string): Promise<void> {
  const [row] = await db.select({ name: isotopes.name }).from(isotopes).where(and(eq(isotopes.name, name), eq(isotopes.dosimetry, true)));
  if (!row) throw fieldErrors([{ field: 'isotope', key: 'validation.isotopeUnknown' }]);
}

/** v1's non-field uniqueness message: "Calibration with this User and Calibration Name already exists." */
const nameTaken = () => appError(400, 'calibrations.nameTaken');

/** The name is free, or already this calibration's (a replayed create finds its own row). */
async function assertNameFree(db: Db, userId: string, name: string, ownId: string) {
  const [row] = await db
    .select({ id: calibrations.id })
    .from(calibrations)
    .where(and(eq(calibrations.userId, userId), eq(calibrations.calibrationName, name)));
  if (row && row.id !== ownId) throw nameTaken();
}

/** A unique-index race on (user, name) answers like the check before it. */
async function guardNameRace<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
      if ((e as { code?: string }).code === '23505' && String((e as { constraint?: string }).constraint).includes('name')) throw nameTaken();
    }
    throw error;
  }
}

const sameContent = (row: Row, input: CalibrationInput) =>
  row.isotope === input.isotope &&
  row.calibrationName === input.calibrationName &&
  row.syringeActivity === input.syringeActivity &&
  row.residualSyringeActivity === input.residualSyringeActivity &&
  row.measurementDatetime.getTime() === input.measurementDatetime.getTime() &&
  row.phantomVolume === input.phantomVolume &&
  row.acquisitionTime === input.acquisitionTime;

export type CreateOutcome = { created: true; row: Row } | { created: false; row: Row };

async function existingCreate(db: Db, userId: string, id: string, input: CalibrationInput): Promise<Row | null> {
  const [existing] = await db.select().from(calibrations).where(eq(calibrations.id, id));
  if (!existing) return null;
  if (existing.userId !== userId) throw notFound();
  if (!sameContent(existing, input)) throw appError(409, 'errors.calibrationIdTaken');
  return existing;
}

/**
 * Creates with the client's id. A replay of the same create (same id, same content) returns the
 * existing calibration instead of a second one; the same id with other content is a conflict.
 * The images' row is written only with the calibration, in one transaction.
 */
export async function createCalibration(db: Db, userId: string, id: string, input: CalibrationInput, images: ImagesSource): Promise<CreateOutcome> {
  const existing = await existingCreate(db, userId, id, input);
  if (existing) return { created: false, row: existing };
  await assertNameFree(db, userId, input.calibrationName, id);
  const row = await guardNameRace(() =>
    db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: calibrations.id }).from(calibrations).where(eq(calibrations.id, id));
      if (taken) return null;
      const imagesFileId = await storeImages(tx as unknown as Db, userId, images);
      const [inserted] = await tx
        .insert(calibrations)
        .values({ id, userId, ...input, imagesFileId })
        .onConflictDoNothing({ target: calibrations.id })
        .returning();
      if (!inserted) throw new ConcurrentCreate();
      return inserted;
    }),
  ).catch((error: unknown) => {
    if (error instanceof ConcurrentCreate) return null;
    throw error;
  });
  if (row) return { created: true, row };
  const winner = await existingCreate(db, userId, id, input);
  if (!winner) throw notFound();
  return { created: false, row: winner };
}

/** Another request created the same id first: roll back this one's file row and answer with the winner. */
class ConcurrentCreate extends Error {}

export interface UpdateResult {
  row: Row;
  /** The replaced images, to delete from storage. */
  replacedStorageKey: string | null;
}

/**
 * Replaces a calibration (the route has checked its use by analyses, `assertUpdatable`, and the isotope first,
 * in v1's order). With `expectedVersion` (If-Match) the write happens only on that version
 * (412 otherwise), so concurrent writers cannot both pass; without it the last write wins (v1).
 */
export async function updateCalibration(
  db: Db,
  row: Row,
  input: CalibrationInput,
  images: ImagesSource | null,
  expectedVersion: number | null,
): Promise<UpdateResult> {
  await assertNameFree(db, row.userId, input.calibrationName, row.id);
  return guardNameRace(() =>
    db.transaction(async (tx) => {
      const fileId = images ? await storeImages(tx as unknown as Db, row.userId, images) : null;
      const where = and(
        eq(calibrations.id, row.id),
        eq(calibrations.userId, row.userId),
        expectedVersion === null ? undefined : eq(calibrations.version, expectedVersion),
      );
      const [before] = await tx.select({ imagesFileId: calibrations.imagesFileId }).from(calibrations).where(where);
      const [updated] = await tx
        .update(calibrations)
        .set({ ...input, ...(fileId ? { imagesFileId: fileId } : {}), modifiedAt: new Date(), version: sql`${calibrations.version} + 1` })
        .where(where)
        .returning();
      if (!updated) throw await goneOrStale(tx as unknown as Db, row, expectedVersion);
      const replaced = fileId && before?.imagesFileId ? await dropFileRow(tx as unknown as Db, before.imagesFileId) : null;
      return { row: updated, replacedStorageKey: replaced };
    }),
  );
}

async function goneOrStale(db: Db, row: Row, expectedVersion: number | null) {
  const [still] = await db.select({ version: calibrations.version }).from(calibrations).where(eq(calibrations.id, row.id));
  return still && expectedVersion !== null ? appError(412, 'errors.preconditionFailed') : notFound();
}

async function dropFileRow(db: Db, fileId: string): Promise<string | null> {
  const [file] = await db.delete(files).where(eq(files.id, fileId)).returning({ storageKey: files.storageKey });
  return file?.storageKey ?? null;
}

/**
 * API.md: a calibration used by an analysis cannot be deleted (409); v1: nor updated while one of those
 * analyses is past "Data sent"/"Invalid information".
 */
async function assertNotInUse(db: Db, id: string, write: 'update' | 'delete') {
  const editable = inArray(analyses.status, [...EDITABLE_ANALYSIS_STATUSES]);
  const where = and(eq(analyses.calibrationId, id), write === 'update' ? not(editable) : undefined);
  const [used] = await db.select({ id: analyses.id }).from(analyses).where(where).limit(1);
  if (used) throw appError(409, write === 'update' ? 'calibrations.lockedByAnalysis' : 'calibrations.inUse');
}

/** v1 §1.13: a PUT is refused (409) while an analysis past "Data sent"/"Invalid information" uses the calibration, before the form is checked. */
export const assertUpdatable = (db: Db, row: Row) => assertNotInUse(db, row.id, 'update');

/** An analysis created meanwhile (the foreign key refuses the delete) answers like the check before it. */
async function guardInUseRace<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
      if ((e as { code?: string }).code === '23503') throw appError(409, 'calibrations.inUse');
    }
    throw error;
  }
}

/** Deletes the calibration and its images' row; returns the storage key to delete. 409 while used; 412/404 as for updates. */
export async function deleteCalibration(db: Db, row: Row, expectedVersion: number | null): Promise<string | null> {
  await assertNotInUse(db, row.id, 'delete');
  return guardInUseRace(() => db.transaction(async (tx) => {
    const where = and(
      eq(calibrations.id, row.id),
      eq(calibrations.userId, row.userId),
      expectedVersion === null ? undefined : eq(calibrations.version, expectedVersion),
    );
    const [deleted] = await tx.delete(calibrations).where(where).returning({ imagesFileId: calibrations.imagesFileId });
    if (!deleted) throw await goneOrStale(tx as unknown as Db, row, expectedVersion);
    return deleted.imagesFileId ? dropFileRow(tx as unknown as Db, deleted.imagesFileId) : null;
  }));
}
