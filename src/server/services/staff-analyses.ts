import { and, eq, sql } from 'drizzle-orm';
import type { AnalysisStatusCode } from '#shared/schemas/orders.ts';
import type { StaffAnalysis, StaffStatusMove } from '#shared/schemas/staff-analyses.ts';
import type { Db } from '../db/client.ts';
import { analyses, calibrations, files, orders, users } from '../db/schema.ts';
import { appError, fieldErrors, notFound } from '../errors.ts';
import type { Translate } from '../i18n/translator.ts';
import { analysisEvent, presentAnalysis, type AnalysisRow } from './analyses.ts';
import { auditChange } from './audit.ts';
import { presentCalibration } from './calibrations.ts';
import { writeTellAndMail, type Notice, type NoticeContext } from './notices.ts';
import { dropFileRow } from './queued-writes.ts';
import { consumeUpload } from './uploads.ts';

type StoredFile = Pick<typeof files.$inferInsert, 'name' | 'contentType' | 'size' | 'sha256' | 'storageKey'>;

/**
 * Staff and one analysis (issue 17): what the back-office reads, and the status move, made only as
 * docs/domain.md allows and only from the status (or version) the staff member read.
 */

/**
 * The moves the staff may make (docs/domain.md): DS → AI → II or PR → CO. The same status again updates it
 * (II's message, CO's report); II goes back to DS only through the owner's edit.
 */
const STAFF_MOVES: Record<AnalysisStatusCode, readonly AnalysisStatusCode[]> = {
  DS: ['AI'],
  AI: ['AI', 'II', 'PR'],
  II: ['II'],
  PR: ['PR', 'CO'],
  CO: ['CO'],
};

export const isStaffMove = (from: AnalysisStatusCode, to: AnalysisStatusCode) => STAFF_MOVES[from].includes(to);

type MoveStatus = StaffStatusMove['status'];

const STATUS_NOTICES: Record<MoveStatus, Pick<Notice, 'kind' | 'key'>> = {
  AI: { kind: 'processing', key: 'analysisVerifying' },
  II: { kind: 'error', key: 'analysisInvalid' },
  PR: { kind: 'processing', key: 'analysisProcessing' },
  CO: { kind: 'success', key: 'analysisCompleted' },
};

/** The e-mails of a move: invalid information and report ready (docs/api.md). */
const STATUS_MAILS: Partial<Record<MoveStatus, NonNullable<Notice['mail']>['kind']>> = { II: 'analysisInvalid', CO: 'reportReady' };

/** What an audit entry of a move keeps. */
const AUDITED_FIELDS = ['status', 'messageToUser', 'reportFileId', 'version'] as const;

/** A move made from a status or version that is no longer the analysis's: the route answers 412 with the current one. */
export class StaleMove extends Error {
  constructor(readonly current: AnalysisRow) {
    super('stale analysis status');
    this.name = 'StaleMove';
  }
}

export interface StatusMove {
  staffId: string;
  status: MoveStatus;
  message: string;
  /** What the staff member read: the If-Match version and/or the `from` status (at least one). */
  read: { version: number | null; from: AnalysisStatusCode | undefined };
  /** The report (to CO): a PDF the route stored from a multipart body, or the staff member's finished upload. */
  report: { file: StoredFile } | { uploadId: string } | null;
}

/** 400s of the move's body: II needs its message, CO its report, and the status read is required. */
export function checkMove(move: Omit<StatusMove, 'staffId'>): void {
  if (move.status === 'II' && !move.message) throw fieldErrors([{ field: 'message', key: 'validation.required' }]);
  if (move.status === 'CO' && !move.report) throw fieldErrors([{ field: 'report', key: 'staff.reportRequired' }]);
  if (move.read.version === null && !move.read.from) throw fieldErrors([{ field: 'from', key: 'staff.fromRequired' }]);
}

const isStale = (row: AnalysisRow, read: StatusMove['read']) => (read.version !== null && read.version !== row.version) || (read.from !== undefined && read.from !== row.status);

async function reportFileOf(tx: Db, row: AnalysisRow, move: StatusMove): Promise<string | null> {
  if (!move.report) return null;
  if ('file' in move.report) {
    const [file] = await tx.insert(files).values({ ...move.report.file, userId: row.userId }).returning({ id: files.id });
    return file!.id;
  }
  const file = await consumeUpload(tx, move.staffId, move.report.uploadId, { field: 'report_upload_id', ownerId: row.userId });
  if (file.contentType !== 'application/pdf') throw fieldErrors([{ field: 'report_upload_id', key: 'staff.reportUploadNotPdf' }]);
  return file.id;
}

/**
 * Moves the analysis (read as `row`) on, in one transaction with its audit entry, its event and the user's
 * notification (mailed for II and CO): 412 (`StaleMove`) when it is no longer as read, 409 for a move
 * docs/domain.md does not allow. Returns the row and a replaced report's storage key.
 */
export async function moveAnalysis(ctx: NoticeContext, row: AnalysisRow, move: StatusMove, t: Translate) {
  if (isStale(row, move.read)) throw new StaleMove(row);
  if (!isStaffMove(row.status, move.status)) {
    const name = (code: string) => t(`staff.statusNames.${code}`);
    throw appError(409, 'staff.illegalMove', { from: name(row.status), to: name(move.status) });
  }
  const write = async (tx: Db) => {
    const reportFileId = await reportFileOf(tx, row, move);
    const [updated] = await tx
      .update(analyses)
      .set({
        status: move.status,
        messageToUser: move.status === 'II' ? move.message : '',
        ...(reportFileId ? { reportFileId } : {}),
        modifiedAt: new Date(),
        version: sql`${analyses.version} + 1`,
      })
      .where(and(eq(analyses.id, row.id), eq(analyses.status, row.status), eq(analyses.version, row.version)))
      .returning();
    if (!updated) throw new StaleMove((await tx.select().from(analyses).where(eq(analyses.id, row.id)))[0] ?? row);
    const replacedStorageKey = reportFileId ? await dropFileRow(tx, row.reportFileId) : null;
    await auditChange(tx, { staffId: move.staffId, action: 'analysis.status' }, { type: 'analysis', id: row.id }, { before: row, after: updated }, AUDITED_FIELDS);
    return { row: updated, replacedStorageKey };
  };
  const mail = STATUS_MAILS[move.status];
  return writeTellAndMail(ctx, write, ({ row: updated }) => ({
    event: analysisEvent(updated),
    notice: {
      ...STATUS_NOTICES[move.status],
      userId: updated.userId,
      values: { name: updated.analysisName, message: move.status === 'II' ? move.message : '' },
      mail: mail && { kind: mail, path: `/dashboard/my-services/${updated.orderId}/analyses` },
    },
  }));
}

/** Staff: one analysis with its calibration, its files' ids, its owner and its order's code; 404 when unknown. */
export async function staffAnalysis(db: Db, id: string, t: Translate): Promise<StaffAnalysis> {
  const [found] = await db
    .select({ row: analyses, order: { serviceId: orders.serviceId, code: orders.code }, user: { id: users.id, name: users.name, email: users.email }, identifyingElements: files.identifyingElements })
    .from(analyses)
    .innerJoin(orders, eq(orders.id, analyses.orderId))
    .innerJoin(users, eq(users.id, analyses.userId))
    .leftJoin(files, eq(files.id, analyses.imagesFileId))
    .where(eq(analyses.id, id));
  if (!found) throw notFound();
  return presentStaffAnalysis(db, found.row, t, found);
}

async function presentStaffAnalysis(
  db: Db,
  row: AnalysisRow,
  t: Translate,
  found: { order: { serviceId: string; code: string }; user: StaffAnalysis['user']; identifyingElements: string[] | null },
): Promise<StaffAnalysis> {
  const [calibration] = row.calibrationId ? await db.select().from(calibrations).where(eq(calibrations.id, row.calibrationId)) : [];
  return {
    ...presentAnalysis(row, found.order.serviceId, t, found.identifyingElements),
    imagesFileId: row.imagesFileId,
    reportFileId: row.reportFileId,
    calibration: calibration ? presentCalibration(calibration) : null,
    user: found.user,
    orderCode: found.order.code,
  };
}
