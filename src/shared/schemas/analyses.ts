import { z } from 'zod';
import { SERVICE_IDS, type ServiceId } from '../catalog.ts';
import { DateTimeField, numberField } from './calibrations.ts';
import { listOf } from './common.ts';
import { ANALYSIS_STATUS_CODES } from './orders.ts';

const analysisName = z
  .string({ error: () => 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required', abort: true })
  .min(3, 'validation.analysisNameLength')
  .max(24, 'validation.analysisNameLength');

const base = {
  /** A client-generated UUID on create (local-first), so a replayed create makes one analysis. */
  id: z.uuid('validation.invalidUuid').optional(),
  analysisName,
};

/** dosi-clin and dosi-preclin (v1 DC/PCD). */
export const DosimetryAnalysisFields = z.object({
  ...base,
  calibrationId: z.uuid({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidUuid') }),
  injectedActivity: numberField(0, 'validation.notNegative'),
  administrationDatetime: DateTimeField,
});
/** radiosino (v1 RA). */
export const RadiosynoAnalysisFields = z.object({
  ...base,
  isotope: z.string({ error: () => 'validation.required' }).trim().min(1, 'validation.required').max(6, 'validation.isotopeUnknown'),
});
/** seg-quant (v1 SQ): a name and the images. */
export const SegmentationAnalysisFields = z.object(base);

/** The form of each service that takes analyses (model-comp takes none: quote only). */
export const ANALYSIS_FIELDS = {
  'dosi-clin': DosimetryAnalysisFields,
  'dosi-preclin': DosimetryAnalysisFields,
  radiosino: RadiosynoAnalysisFields,
  'seg-quant': SegmentationAnalysisFields,
} as const satisfies Partial<Record<ServiceId, z.ZodType>>;

export type AnalysisFields = Partial<z.infer<typeof DosimetryAnalysisFields> & z.infer<typeof RadiosynoAnalysisFields>> &
  z.infer<typeof SegmentationAnalysisFields>;

/** v1 §1.14 with API.md's `statusCode`, `serviceId`, `reportUrl` and `version`. */
export const Analysis = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    orderId: z.uuid(),
    /** v1's Portuguese label. */
    status: z.string(),
    statusCode: z.enum(ANALYSIS_STATUS_CODES),
    imagesUrl: z.string().nullable(),
    active: z.boolean(),
    serviceId: z.enum(SERVICE_IDS),
    serviceName: z.string(),
    createdAt: z.string(),
    modifiedAt: z.string(),
    analysisName: z.string(),
    /** v1: the report's URL once concluded, otherwise "". */
    report: z.string(),
    reportUrl: z.string().nullable(),
    /** The staff's message, only while the status is II. */
    messageToUser: z.string(),
    calibrationId: z.uuid().optional(),
    injectedActivity: z.number().optional(),
    administrationDatetime: z.string().optional(),
    isotope: z.string().optional(),
    version: z.number().int(),
  })
  .meta({ id: 'Analysis' });
export type Analysis = z.infer<typeof Analysis>;
export const AnalysisList = listOf(Analysis).meta({ id: 'AnalysisList' });

export const AnalysisParams = z.object({ uid: z.uuid(), oid: z.uuid('validation.invalidUuid'), aid: z.uuid('validation.invalidUuid') });
export const AnalysisDeleted = z.object({ id: z.uuid(), message: z.string() }).meta({ id: 'AnalysisDeleted' });

/** Staff: a status change (II needs the message to the user; CO needs the report, a multipart `report` PDF). */
export const AnalysisStatusChange = z.object({
  status: z.enum(['AI', 'II', 'PR', 'CO']),
  message: z.string().trim().max(2000).optional(),
});
export type AnalysisStatusChange = z.infer<typeof AnalysisStatusChange>;

/** Staff: the analysis queue, oldest change first (the next to look at on top), optionally of one status. */
export const StaffAnalysisQuery = z.object({
  status: z.enum(ANALYSIS_STATUS_CODES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type StaffAnalysisQuery = z.infer<typeof StaffAnalysisQuery>;
