import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { ServiceId } from '#shared/catalog.ts';
import { ANALYSIS_STATUS_LABELS, EDITABLE_ANALYSIS_STATUSES } from '#shared/schemas/orders.ts';
import type { Analysis, AnalysisReference } from '#shared/schemas/analyses.ts';
import type { StaffAnalysisQuery } from '#shared/schemas/staff.ts';
import type { Db } from '../db/client.ts';
import { analyses, calibrations, files, isotopes, orders } from '../db/schema.ts';
import { appError, fieldErrors, notFound, type AppError } from '../errors.ts';
import type { Translate } from '../i18n/translator.ts';
import { storeImages, type ImagesSource } from './images.ts';
import { writeAndTell } from './notices.ts';
import { dayAfter } from './audit.ts';
import { ConcurrentCreate, createOnce, dropFileRow, guardRaces, versionIs, whyNotWritten, type RaceRule } from './queued-writes.ts';
import { serviceNameOf } from './catalog.ts';
import { fileUrl, type OrderRow } from './orders.ts';

export type AnalysisRow = typeof analyses.$inferSelect;

/** Bus event of an analysis's change (events/bus.ts): `{type, userId, id, orderId}`. */
export const ANALYSIS_CHANGED = 'analysis.changed';

export interface AnalysisInput {
  analysisName: string;
  calibrationId?: string;
  injectedActivity?: number;
  administrationDatetime?: Date;
  isotope?: string;
}

const isDosimetry = (serviceId: string) => serviceId === 'dosi-clin' || serviceId === 'dosi-preclin';

export const reportPath = (row: AnalysisRow) => `/api/v1/users/${row.userId}/orders/${row.orderId}/analysis/${row.id}/report/`;

/** What staff see of the images' de-identification: the elements found (null: not DICOM, unchecked). */
const identityOf = (identifyingElements: string[] | null | undefined) =>
  identifyingElements ? { notDeidentified: identifyingElements.length > 0, identifyingElements } : {};

export function presentAnalysis(row: AnalysisRow, serviceId: string, t: Translate, identifyingElements?: string[] | null): Analysis {
  const reportUrl = row.status === 'CO' && row.reportFileId ? reportPath(row) : null;
  return {
    id: row.id,
    userId: row.userId,
    orderId: row.orderId,
    status: ANALYSIS_STATUS_LABELS[row.status],
    statusCode: row.status,
    imagesUrl: row.imagesFileId ? fileUrl(row.imagesFileId) : null,
    active: true,
    serviceId: serviceId as ServiceId,
    serviceName: serviceNameOf(serviceId, t),
    createdAt: row.createdAt.toISOString(),
    modifiedAt: row.modifiedAt.toISOString(),
    analysisName: row.analysisName,
    report: reportUrl ?? '',
    reportUrl,
    messageToUser: row.status === 'II' ? row.messageToUser : '',
    ...(isDosimetry(serviceId)
      ? { calibrationId: row.calibrationId!, injectedActivity: row.injectedActivity!, administrationDatetime: row.administrationDatetime!.toISOString() }
      : {}),
    ...(serviceId === 'radiosino' ? { isotope: row.isotope! } : {}),
    version: row.version,
    ...identityOf(identifyingElements),
  };
}

const ANALYSIS_SORT_COLUMNS = {
  modifiedAt: analyses.modifiedAt,
  createdAt: analyses.createdAt,
  analysisName: analyses.analysisName,
  status: analyses.status,
} as const;

/** Staff: one page of the analysis queue (oldest change first, or by `sort`) with each one's service, and how many match in all. */
export async function staffAnalysisPage(db: Db, query: StaffAnalysisQuery) {
  const { status, serviceId, userId, orderId, from, to, sort = 'modifiedAt', limit, offset } = query;
  const where = and(
    status ? eq(analyses.status, status) : undefined,
    serviceId ? eq(orders.serviceId, serviceId) : undefined,
    userId ? eq(analyses.userId, userId) : undefined,
    orderId ? eq(analyses.orderId, orderId) : undefined,
    from ? gte(analyses.createdAt, new Date(`${from}T00:00:00Z`)) : undefined,
    to ? lt(analyses.createdAt, dayAfter(to)) : undefined,
  );
  const direction = sort.startsWith('-') ? desc : asc;
  const column = ANALYSIS_SORT_COLUMNS[sort.replace(/^-/, '') as keyof typeof ANALYSIS_SORT_COLUMNS];
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(analyses).innerJoin(orders, eq(orders.id, analyses.orderId)).where(where);
  const rows = await db
    .select({ row: analyses, serviceId: orders.serviceId, identifyingElements: files.identifyingElements })
    .from(analyses)
    .innerJoin(orders, eq(orders.id, analyses.orderId))
    .leftJoin(files, eq(files.id, analyses.imagesFileId))
    .where(where)
    .orderBy(direction(column), direction(analyses.id))
    .limit(limit)
    .offset(offset);
  return { total, rows };
}

export async function listAnalyses(db: Db, orderId: string): Promise<AnalysisRow[]> {
  return db.select().from(analyses).where(eq(analyses.orderId, orderId)).orderBy(desc(analyses.createdAt), desc(analyses.id));
}

/** The order's analysis, or 404 with v1's message. */
export async function getAnalysis(db: Db, order: OrderRow, id: string): Promise<AnalysisRow> {
  const [row] = await db.select().from(analyses).where(and(eq(analyses.id, id), eq(analyses.orderId, order.id)));
  if (!row) throw notFound();
  return row;
}

/** Any analysis, for staff; 404 when unknown. */
export async function findAnalysis(db: Db, id: string): Promise<AnalysisRow> {
  const [row] = await db.select().from(analyses).where(eq(analyses.id, id));
  if (!row) throw appError(404, 'errors.notFound');
  return row;
}

/** v1's checks before an analysis is added: one left (409, checked first), then the payment (402). */
export function assertCanAdd(order: Pick<OrderRow, 'serviceId' | 'remaining' | 'statusPayment'>): void {
  if (order.serviceId === 'model-comp') throw appError(409, 'analyses.serviceWithoutAnalyses');
  if (order.remaining <= 0) throw appError(409, 'analyses.noneRemaining');
  if (order.statusPayment !== 'CON') throw appError(402, 'analyses.paymentNotConfirmed');
}

export function assertEditable(row: Pick<AnalysisRow, 'status'>): void {
  if (!EDITABLE_ANALYSIS_STATUSES.includes(row.status)) throw appError(409, 'analyses.notEditable');
}

/**
 * The references of the service's form (v1 checks them before the rest of the form and before the status):
 * the user's calibration (dosimetry; missing → 400 on create, 404 on update as in v1), a radiosynoviorthesis
 * isotope (radiosino).
 */
export async function assertReferences(db: Db, order: OrderRow, reference: AnalysisReference, missingCalibration: 400 | 404) {
  if (isDosimetry(order.serviceId)) {
    const where = and(eq(calibrations.id, reference.calibrationId!), eq(calibrations.userId, order.userId));
    const [calibration] = await db.select({ id: calibrations.id }).from(calibrations).where(where);
    if (!calibration) throw appError(missingCalibration, 'analyses.calibrationNotFound');
  }
  if (order.serviceId === 'radiosino') {
    const [isotope] = await db.select({ name: isotopes.name }).from(isotopes).where(and(eq(isotopes.name, reference.isotope!), eq(isotopes.radiosyno, true)));
    if (!isotope) throw fieldErrors([{ field: 'isotope', key: 'validation.isotopeUnknown' }]);
  }
}

/** v1's non-field uniqueness message, worded per service ("Clinic Dosimetry with this Order and Analysis Name already exists."). */
const nameTaken = (serviceId: string) => appError(400, `analyses.nameTaken.${serviceId}`);

async function assertNameFree(db: Db, order: OrderRow, name: string, ownId: string) {
  const [row] = await db.select({ id: analyses.id }).from(analyses).where(and(eq(analyses.orderId, order.id), eq(analyses.analysisName, name)));
  if (row && row.id !== ownId) throw nameTaken(order.serviceId);
}

/** Unique (order, name) races answer like the check; a calibration deleted meanwhile like a missing one. */
const racesOf = (order: OrderRow, missingCalibration: 400 | 404): RaceRule[] => [
  { code: '23505', constraint: 'name', answer: () => nameTaken(order.serviceId) },
  { code: '23503', constraint: 'calibration', answer: () => appError(missingCalibration, 'analyses.calibrationNotFound') },
];

/** The service's fields of an input, as columns (others null). */
const columnsOf = (serviceId: string, input: AnalysisInput) => ({
  analysisName: input.analysisName,
  calibrationId: isDosimetry(serviceId) ? input.calibrationId! : null,
  injectedActivity: isDosimetry(serviceId) ? input.injectedActivity! : null,
  administrationDatetime: isDosimetry(serviceId) ? input.administrationDatetime! : null,
  isotope: serviceId === 'radiosino' ? input.isotope! : null,
});

const sameContent = (row: AnalysisRow, serviceId: string, input: AnalysisInput) => {
  const columns = columnsOf(serviceId, input);
  return (
    row.analysisName === columns.analysisName &&
    row.calibrationId === columns.calibrationId &&
    row.injectedActivity === columns.injectedActivity &&
    row.isotope === columns.isotope &&
    (row.administrationDatetime?.getTime() ?? null) === (columns.administrationDatetime?.getTime() ?? null)
  );
};

export const analysisEvent = (row: AnalysisRow) => ({ type: ANALYSIS_CHANGED, userId: row.userId, id: row.id, orderId: row.orderId });

/** What an owner's write makes known: the analysis's event, and a notification naming it. */
const newsOf = (row: AnalysisRow, kind: 'success' | 'update', key: string) => ({
  event: analysisEvent(row),
  notice: { userId: row.userId, kind, key, values: { name: row.analysisName } },
});

/** An analysis with this id already (a replayed create): the same one, or 404/409 when it is not. */
export async function findReplay(db: Db, order: OrderRow, id: string | undefined, input?: AnalysisInput): Promise<AnalysisRow | null> {
  if (!id) return null;
  const [existing] = await db.select().from(analyses).where(eq(analyses.id, id));
  if (!existing) return null;
  if (existing.orderId !== order.id || existing.userId !== order.userId) throw notFound();
  if (input && !sameContent(existing, order.serviceId, input)) throw appError(409, 'analyses.idTaken');
  return existing;
}

/** Why the conditional decrement matched nothing: re-read the order and answer as the checks before it. */
async function refusalNow(tx: Db, orderId: string): Promise<AppError> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return notFound();
  try {
    assertCanAdd(order);
  } catch (error) {
    return error as AppError;
  }
  return appError(409, 'analyses.noneRemaining');
}

/**
 * Creates with the client's id: the order's remaining count goes down by one in the same transaction as the
 * insert and the user's notification, only while one remains and the payment is confirmed (a conditional
 * UPDATE, so concurrent creates cannot overdraw it). A replay (same id, same content) returns the existing
 * analysis (`createOnce`). The caller has run v1's checks before the form's fields (`assertCanAdd`,
 * `assertReferences`).
 */
export async function createAnalysis(db: Db, order: OrderRow, id: string, input: AnalysisInput, images: ImagesSource) {
  return createOnce(
    () => findReplay(db, order, id, input),
    async () => {
      await assertNameFree(db, order, input.analysisName, id);
      const write = (tx: Db) => insertAnalysis(tx, order, id, input, images);
      return guardRaces(racesOf(order, 400), () => writeAndTell(db, write, (row) => newsOf(row, 'success', 'analysisCreated')));
    },
  );
}

async function insertAnalysis(tx: Db, order: OrderRow, id: string, input: AnalysisInput, images: ImagesSource): Promise<AnalysisRow> {
  const [taken] = await tx.select({ id: analyses.id }).from(analyses).where(eq(analyses.id, id));
  if (taken) throw new ConcurrentCreate();
  const [decremented] = await tx
    .update(orders)
    .set({ remaining: sql`${orders.remaining} - 1`, modifiedAt: new Date(), version: sql`${orders.version} + 1` })
    .where(and(eq(orders.id, order.id), sql`${orders.remaining} > 0`, eq(orders.statusPayment, 'CON')))
    .returning({ id: orders.id });
  if (!decremented) throw await refusalNow(tx, order.id);
  const imagesFileId = await storeImages(tx, order.userId, images);
  const [inserted] = await tx
    .insert(analyses)
    .values({ id, orderId: order.id, userId: order.userId, ...columnsOf(order.serviceId, input), imagesFileId })
    .onConflictDoNothing({ target: analyses.id })
    .returning();
  if (!inserted) throw new ConcurrentCreate();
  return inserted;
}

const editableWhere = (row: AnalysisRow, expectedVersion: number | null) =>
  and(
    eq(analyses.id, row.id),
    inArray(analyses.status, [...EDITABLE_ANALYSIS_STATUSES]),
    versionIs(analyses.version, expectedVersion),
  );

/** Why a guarded write matched nothing: gone (404), stale If-Match (412) or no longer editable (409). */
async function whyNot(tx: Db, row: AnalysisRow, expectedVersion: number | null): Promise<AppError> {
  const [now] = await tx.select({ version: analyses.version }).from(analyses).where(eq(analyses.id, row.id));
  return whyNotWritten(now, expectedVersion, () => appError(409, 'analyses.notEditable'));
}

/**
 * Replaces an editable analysis (DS or II) and notifies the user; it returns to DS (v1). The caller has run v1's checks before the
 * form's fields (`assertReferences`, `assertEditable`); the status and If-Match are checked again in the
 * write itself. Returns the row and the replaced images' storage key.
 */
export async function updateAnalysis(
  db: Db,
  order: OrderRow,
  row: AnalysisRow,
  input: AnalysisInput,
  images: ImagesSource | null,
  expectedVersion: number | null,
) {
  await assertNameFree(db, order, input.analysisName, row.id);
  const write = async (tx: Db) => {
    const fileId = images ? await storeImages(tx, row.userId, images) : null;
    const [updated] = await tx
      .update(analyses)
      .set({
        ...columnsOf(order.serviceId, input),
        ...(fileId ? { imagesFileId: fileId } : {}),
        status: 'DS',
        messageToUser: '',
        modifiedAt: new Date(),
        version: sql`${analyses.version} + 1`,
      })
      .where(editableWhere(row, expectedVersion))
      .returning();
    if (!updated) throw await whyNot(tx, row, expectedVersion);
    const replacedStorageKey = fileId ? await dropFileRow(tx, row.imagesFileId) : null;
    return { row: updated, replacedStorageKey };
  };
  return guardRaces(racesOf(order, 404), () => writeAndTell(db, write, (result) => newsOf(result.row, 'update', 'analysisUpdated')));
}

/** Deletes an editable analysis, gives its order the analysis back and notifies the user, in one transaction; returns the storage keys to remove. */
export async function deleteAnalysis(db: Db, row: AnalysisRow, expectedVersion: number | null): Promise<string[]> {
  assertEditable(row);
  const write = async (tx: Db) => {
    const [deleted] = await tx.delete(analyses).where(editableWhere(row, expectedVersion)).returning();
    if (!deleted) throw await whyNot(tx, row, expectedVersion);
    await tx
      .update(orders)
      .set({ remaining: sql`${orders.remaining} + 1`, modifiedAt: new Date(), version: sql`${orders.version} + 1` })
      .where(eq(orders.id, row.orderId));
    const keys = [await dropFileRow(tx, deleted.imagesFileId), await dropFileRow(tx, deleted.reportFileId)];
    return keys.filter((key): key is string => key !== null);
  };
  return writeAndTell(db, write, () => newsOf(row, 'update', 'analysisDeleted'));
}

