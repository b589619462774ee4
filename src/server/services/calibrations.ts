import { and, desc, eq, sql } from 'drizzle-orm';
import type { Calibration, CalibrationFields } from '#shared/schemas/calibrations.ts';
import type { Db } from '../db/client.ts';
import { calibrations, files, isotopes } from '../db/schema.ts';
import { appError, fieldErrors } from '../errors.ts';

type Row = typeof calibrations.$inferSelect;
export type CalibrationInput = Omit<CalibrationFields, 'id'>;

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

/** The user's calibration, or 404 with v1's message (another user's is 404 too). */
export async function getCalibration(db: Db, userId: string, id: string): Promise<Row> {
  const [row] = await db.select().from(calibrations).where(and(eq(calibrations.id, id), eq(calibrations.userId, userId)));
  if (!row) throw appError(404, 'errors.resourceNotFound');
  return row;
}

/** v1: the isotope must be a registered dosimetry isotope. */
export async function assertDosimetryIsotope(db: Db, name: string): Promise<void> {
  const [row] = await db.select({ name: isotopes.name }).from(isotopes).where(and(eq(isotopes.name, name), eq(isotopes.dosimetry, true)));
  if (!row) throw fieldErrors([{ field: 'isotope', key: 'validation.isotopeUnknown' }]);
}

async function assertNameFree(db: Db, userId: string, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: calibrations.id })
    .from(calibrations)
    .where(and(eq(calibrations.userId, userId), eq(calibrations.calibrationName, name)));
  if (row && row.id !== exceptId) throw fieldErrors([{ field: 'calibration_name', key: 'validation.calibrationNameTaken' }]);
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

/**
 * Creates with the client's id. A replay of the same create (same id, same content) returns the
 * existing calibration instead of a second one; the same id with other content is a conflict.
 */
export async function createCalibration(
  db: Db,
  userId: string,
  id: string,
  input: CalibrationInput,
  imagesFileId: string,
): Promise<CreateOutcome> {
  const [existing] = await db.select().from(calibrations).where(eq(calibrations.id, id));
  if (existing) {
    if (existing.userId !== userId) throw appError(404, 'errors.resourceNotFound');
    if (!sameContent(existing, input)) throw appError(409, 'errors.calibrationIdTaken');
    return { created: false, row: existing };
  }
  await assertDosimetryIsotope(db, input.isotope);
  await assertNameFree(db, userId, input.calibrationName);
  const [row] = await db
    .insert(calibrations)
    .values({ id, userId, ...input, imagesFileId })
    .onConflictDoNothing()
    .returning();
  if (!row) return createCalibration(db, userId, id, input, imagesFileId);
  return { created: true, row };
}

export async function updateCalibration(db: Db, row: Row, input: CalibrationInput, imagesFileId: string | null): Promise<Row> {
  await assertDosimetryIsotope(db, input.isotope);
  await assertNameFree(db, row.userId, input.calibrationName, row.id);
  const [updated] = await db
    .update(calibrations)
    .set({
      ...input,
      imagesFileId: imagesFileId ?? row.imagesFileId,
      modifiedAt: new Date(),
      version: sql`${calibrations.version} + 1`,
    })
    .where(eq(calibrations.id, row.id))
    .returning();
  return updated!;
}

export async function deleteCalibration(db: Db, row: Row): Promise<void> {
  await db.delete(calibrations).where(eq(calibrations.id, row.id));
}

export async function recordFile(
  db: Db,
  userId: string,
  file: { name: string; contentType: string; size: number; sha256: string; storageKey: string },
): Promise<string> {
  const [row] = await db.insert(files).values({ userId, ...file }).returning({ id: files.id });
  return row!.id;
}
