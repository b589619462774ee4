import { and, desc, eq, inArray, not, sql } from 'drizzle-orm';
import type { Calibration, CalibrationFields } from '#shared/schemas/calibrations.ts';
import { EDITABLE_ANALYSIS_STATUSES } from '#shared/schemas/orders.ts';
import type { Db } from '../db/client.ts';
import { analyses, calibrations, isotopes } from '../db/schema.ts';
import { appError, fieldErrors, notFound } from '../errors.ts';
import { storeImages, type ImagesSource, type NewFile } from './images.ts';
import { writeAndTell } from './notices.ts';
import {
  ConcurrentCreate,
  createOnce,
  dropFileRow,
  guardRaces,
  versionIs,
  whyNotWritten,
  type CreateOutcome,
  type RaceRule,
} from './queued-writes.ts';

export type CalibrationRow = typeof calibrations.$inferSelect;
export type CalibrationInput = Omit<CalibrationFields, 'id'>;
export type { ImagesSource, NewFile };

export function presentCalibration(row: CalibrationRow): Calibration {
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

export async function listCalibrations(db: Db, userId: string): Promise<CalibrationRow[]> {
  return db.select().from(calibrations).where(eq(calibrations.userId, userId)).orderBy(desc(calibrations.createdAt), desc(calibrations.id));
}

/** The user's calibration, or 404 with v1's message (another user's is 404 too). */
export async function getCalibration(db: Db, userId: string, id: string): Promise<CalibrationRow> {
  const [row] = await db.select().from(calibrations).where(and(eq(calibrations.id, id), eq(calibrations.userId, userId)));
  if (!row) throw notFound();
  return row;
}

/**
 * v1: the isotope must be a registered dosimetry isotope. The routes check it right after the isotope's form,
 * before the rest of the form (docs/v1-contract.md §1.13: its errors come alone).
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

/** A unique-index race on (user, name) answers like the check before it; so does an analysis created before a delete. */
const NAME_RACE: RaceRule = { code: '23505', constraint: 'name', answer: nameTaken };
const IN_USE_RACE: RaceRule = { code: '23503', constraint: 'calibration', answer: () => appError(409, 'calibrations.inUse') };

const sameContent = (row: CalibrationRow, input: CalibrationInput) =>
  row.isotope === input.isotope &&
  row.calibrationName === input.calibrationName &&
  row.syringeActivity === input.syringeActivity &&
  row.residualSyringeActivity === input.residualSyringeActivity &&
  row.measurementDatetime.getTime() === input.measurementDatetime.getTime() &&
  row.phantomVolume === input.phantomVolume &&
  row.acquisitionTime === input.acquisitionTime;

/** A calibration with this id already (a replayed create): the same one, or 404/409 when it is not. */
async function findReplay(db: Db, userId: string, id: string, input: CalibrationInput): Promise<CalibrationRow | null> {
  const [existing] = await db.select().from(calibrations).where(eq(calibrations.id, id));
  if (!existing) return null;
  if (existing.userId !== userId) throw notFound();
  if (!sameContent(existing, input)) throw appError(409, 'errors.calibrationIdTaken');
  return existing;
}

const notice = (userId: string, kind: 'success' | 'update', key: string, name: string) => ({ userId, kind, key, values: { name } });

/**
 * Creates with the client's id (`createOnce`: a replay, same id and content, returns the existing calibration;
 * the same id with other content is a conflict). The images' row is written only with the calibration, and
 * the user is notified, in one transaction.
 */
export async function createCalibration(
  db: Db,
  userId: string,
  id: string,
  input: CalibrationInput,
  images: ImagesSource,
): Promise<CreateOutcome<CalibrationRow>> {
  return createOnce(
    () => findReplay(db, userId, id, input),
    async () => {
      await assertNameFree(db, userId, input.calibrationName, id);
      const write = (tx: Db) => insertCalibration(tx, userId, id, input, images);
      return guardRaces([NAME_RACE], () => writeAndTell(db, write, () => ({ notice: notice(userId, 'success', 'calibrationCreated', input.calibrationName) })));
    },
  );
}

async function insertCalibration(tx: Db, userId: string, id: string, input: CalibrationInput, images: ImagesSource): Promise<CalibrationRow> {
  const [taken] = await tx.select({ id: calibrations.id }).from(calibrations).where(eq(calibrations.id, id));
  if (taken) throw new ConcurrentCreate();
  const imagesFileId = await storeImages(tx, userId, images);
  const [inserted] = await tx.insert(calibrations).values({ id, userId, ...input, imagesFileId }).onConflictDoNothing({ target: calibrations.id }).returning();
  if (!inserted) throw new ConcurrentCreate();
  return inserted;
}

export interface UpdateResult {
  row: CalibrationRow;
  /** The replaced images, to delete from storage. */
  replacedStorageKey: string | null;
}

const ownVersionWhere = (row: CalibrationRow, expectedVersion: number | null) =>
  and(eq(calibrations.id, row.id), eq(calibrations.userId, row.userId), versionIs(calibrations.version, expectedVersion));

/** Why a write on the calibration matched nothing: gone (404) or a stale If-Match (412). */
async function whyNot(tx: Db, row: CalibrationRow, expectedVersion: number | null) {
  const [now] = await tx.select({ version: calibrations.version }).from(calibrations).where(eq(calibrations.id, row.id));
  return whyNotWritten(now, expectedVersion, notFound);
}

/**
 * Replaces a calibration (the route has checked its use by analyses, `assertUpdatable`, and the isotope first,
 * in v1's order) and notifies the user, in one transaction. With `expectedVersion` (If-Match) the write
 * happens only on that version (412 otherwise), so concurrent writers cannot both pass; without it the last
 * write wins (v1).
 */
export async function updateCalibration(
  db: Db,
  row: CalibrationRow,
  input: CalibrationInput,
  images: ImagesSource | null,
  expectedVersion: number | null,
): Promise<UpdateResult> {
  await assertNameFree(db, row.userId, input.calibrationName, row.id);
  const write = async (tx: Db) => {
    const fileId = images ? await storeImages(tx, row.userId, images) : null;
    const where = ownVersionWhere(row, expectedVersion);
    const [before] = await tx.select({ imagesFileId: calibrations.imagesFileId }).from(calibrations).where(where);
    const [updated] = await tx
      .update(calibrations)
      .set({ ...input, ...(fileId ? { imagesFileId: fileId } : {}), modifiedAt: new Date(), version: sql`${calibrations.version} + 1` })
      .where(where)
      .returning();
    if (!updated) throw await whyNot(tx, row, expectedVersion);
    const replaced = fileId ? await dropFileRow(tx, before?.imagesFileId ?? null) : null;
    return { row: updated, replacedStorageKey: replaced };
  };
  const news = (result: UpdateResult) => ({ notice: notice(row.userId, 'update', 'calibrationUpdated', result.row.calibrationName) });
  return guardRaces([NAME_RACE], () => writeAndTell(db, write, news));
}

/**
 * docs/api.md: a calibration used by an analysis cannot be deleted (409); v1: nor updated while one of those
 * analyses is past "Data sent"/"Invalid information".
 */
async function assertNotInUse(db: Db, id: string, write: 'update' | 'delete') {
  const editable = inArray(analyses.status, [...EDITABLE_ANALYSIS_STATUSES]);
  const where = and(eq(analyses.calibrationId, id), write === 'update' ? not(editable) : undefined);
  const [used] = await db.select({ id: analyses.id }).from(analyses).where(where).limit(1);
  if (used) throw appError(409, write === 'update' ? 'calibrations.lockedByAnalysis' : 'calibrations.inUse');
}

/** docs/v1-contract.md §1.13: a PUT is refused (409) while an analysis past "Data sent"/"Invalid information" uses the calibration, before the form is checked. */
export const assertUpdatable = (db: Db, row: CalibrationRow) => assertNotInUse(db, row.id, 'update');

/**
 * Deletes the calibration and its images' row and notifies the user, in one transaction; returns the storage
 * key to delete. 409 while used; 412/404 as for updates.
 */
export async function deleteCalibration(db: Db, row: CalibrationRow, expectedVersion: number | null): Promise<string | null> {
  await assertNotInUse(db, row.id, 'delete');
  const write = async (tx: Db) => {
    const [deleted] = await tx.delete(calibrations).where(ownVersionWhere(row, expectedVersion)).returning({ imagesFileId: calibrations.imagesFileId });
    if (!deleted) throw await whyNot(tx, row, expectedVersion);
    return dropFileRow(tx, deleted.imagesFileId);
  };
  return guardRaces([IN_USE_RACE], () => writeAndTell(db, write, () => ({ notice: notice(row.userId, 'update', 'calibrationDeleted', row.calibrationName) })));
}
