import { z } from 'zod';
import { Analysis } from './analyses.ts';
import { Calibration } from './calibrations.ts';
import { ErrorBody } from './common.ts';
import { ANALYSIS_STATUS_CODES } from './orders.ts';

/**
 * Staff and one analysis (issue 17): what the back-office reads (its calibration and its files' ids, downloaded
 * through `GET /files/{id}/`, audited) and the status move, made only from the status the staff member read.
 */
export const StaffAnalysis = Analysis.extend({
  /** `GET /files/{id}/`: the images (staff downloads are audited). */
  imagesFileId: z.uuid().nullable(),
  /** The report PDF, once uploaded. */
  reportFileId: z.uuid().nullable(),
  /** Dosimetries: the calibration the analysis uses. */
  calibration: Calibration.nullable(),
  user: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  orderCode: z.string(),
}).meta({ id: 'StaffAnalysis' });
export type StaffAnalysis = z.infer<typeof StaffAnalysis>;

export const StaffAnalysisParams = z.object({ aid: z.uuid('validation.invalidUuid') });

/**
 * `POST /staff/analyses/{aid}/status/`: the new status, from the one read: `If-Match` (the analysis's ETag) or
 * `from` (one of them is required; a stale one → 412 with the current analysis). II needs `message`; CO needs the
 * report: `reportUploadId` (a finished resumable upload of `/uploads/` by this staff member) or, multipart, the
 * file `report`.
 */
export const StaffStatusMove = z
  .object({
    status: z.enum(['AI', 'II', 'PR', 'CO'], { error: (issue) => (issue.input === undefined ? 'validation.required' : undefined) }),
    from: z.enum(ANALYSIS_STATUS_CODES).optional(),
    message: z.string().trim().max(2000, 'validation.messageTooLong').optional(),
    reportUploadId: z.uuid('validation.invalidUuid').optional(),
  })
  .meta({ id: 'StaffStatusMove' });
export type StaffStatusMove = z.infer<typeof StaffStatusMove>;

/** 412 on a move from a status (or version) that is no longer the analysis's: the current analysis to show. */
export const StaleAnalysis = ErrorBody.extend({ current: StaffAnalysis }).meta({ id: 'StaleAnalysis' });
export type StaleAnalysis = z.infer<typeof StaleAnalysis>;
