import { z } from 'zod';
import { SERVICE_IDS, type ServiceId } from '../catalog.ts';
import { DateTimeField, numberField } from './calibrations.ts';
import { listOf } from './common.ts';
import { ANALYSIS_STATUS_CODES } from './orders.ts';

/**
 * 3 to 24 characters. The keys here are the form's messages; the server answers v1's counted wording
 * ("Ensure this value has at least 3 characters (it has 2).") from the issue's limit and input.
 */
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

/** The calibration a dosimetry uses: one of the user's (the server looks it up). */
const calibrationReference = {
  calibrationId: z.uuid({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidUuid') }),
};
/** The isotope of a radiosynoviorthesis: a registered one (the server looks it up; over 6 characters it answers v1's counted wording). */
const isotopeReference = {
  isotope: z.string({ error: () => 'validation.required' }).trim().min(1, 'validation.required').max(6, 'validation.isotopeUnknown'),
};

/** dosi-clin and dosi-preclin (v1 DC/PCD). */
export const DosimetryAnalysisFields = z.object({
  ...base,
  ...calibrationReference,
  injectedActivity: numberField(0, 'validation.notNegative'),
  administrationDatetime: DateTimeField,
});
/** radiosino (v1 RA). */
export const RadiosynoAnalysisFields = z.object({ ...base, ...isotopeReference });
/** seg-quant (v1 SQ): a name and the images. */
export const SegmentationAnalysisFields = z.object(base);

/** The form of each service that takes analyses (model-comp takes none: quote only). */
export const ANALYSIS_FIELDS = {
  'dosi-clin': DosimetryAnalysisFields,
  'dosi-preclin': DosimetryAnalysisFields,
  radiosino: RadiosynoAnalysisFields,
  'seg-quant': SegmentationAnalysisFields,
} as const satisfies Partial<Record<ServiceId, z.ZodType>>;

export type AnalysisService = keyof typeof ANALYSIS_FIELDS;

/**
 * The part of each service's form that v1 checks on its own, before the rest and before the analysis's
 * status (docs/v1-contract.md §1.14): the calibration of a dosimetry, the isotope of a radiosynoviorthesis.
 */
export const ANALYSIS_REFERENCES = {
  'dosi-clin': z.object(calibrationReference),
  'dosi-preclin': z.object(calibrationReference),
  radiosino: z.object(isotopeReference),
  'seg-quant': z.object({}),
} as const satisfies Record<AnalysisService, z.ZodType>;
export type AnalysisReference = { calibrationId?: string; isotope?: string };

export type AnalysisFields = Partial<z.infer<typeof DosimetryAnalysisFields> & z.infer<typeof RadiosynoAnalysisFields>> &
  z.infer<typeof SegmentationAnalysisFields>;

/** docs/v1-contract.md §1.14 with docs/api.md's `statusCode`, `serviceId`, `reportUrl` and `version`. */
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
    /** Staff only (issue 19): the images are DICOM that still hold identifying elements (sent without the browser's de-identification). */
    notDeidentified: z.boolean().optional().meta({ description: 'Staff only: the DICOM images still hold identifying elements of PS3.15 Annex E' }),
    /** Staff only: those elements' names (empty when de-identified; absent when the images are not DICOM). */
    identifyingElements: z.array(z.string()).optional().meta({ description: 'Staff only: the identifying elements found in the DICOM headers' }),
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
