import { ANALYSIS_FIELDS } from '#shared/schemas/analyses.ts';
import type { ServiceId } from '#shared/catalog.ts';
import { decimalText, isoToLocalInput, localInputToIso } from '#app/lib/local-input.ts';

/**
 * The analysis form per service (docs/v1-contract.md §1.14 through the shared `ANALYSIS_FIELDS`): its text values, the
 * values they become (stored locally and sent), and the client checks.
 */

export type AnalysisService = keyof typeof ANALYSIS_FIELDS;
export type AnalysisFieldSet = 'dosimetry' | 'radiosyno' | 'segmentation';

/** model-comp takes no analyses (quote only). */
export const takesAnalyses = (serviceId: ServiceId): serviceId is AnalysisService => Object.hasOwn(ANALYSIS_FIELDS, serviceId);

export function fieldSetOf(serviceId: AnalysisService): AnalysisFieldSet {
  if (serviceId === 'dosi-clin' || serviceId === 'dosi-preclin') return 'dosimetry';
  return serviceId === 'radiosino' ? 'radiosyno' : 'segmentation';
}

/** What the form holds: every field as typed; `images` the picked file's name. */
export type AnalysisFormValues = {
  analysisName: string;
  calibrationId: string;
  injectedActivity: string;
  /** `datetime-local` text in the user's time zone. */
  administrationDatetime: string;
  isotope: string;
  images: string;
};
export type AnalysisFormField = keyof AnalysisFormValues;

/** An analysis's values as stored here and sent (only the service's fields are present). */
export interface AnalysisValues {
  analysisName: string;
  calibrationId?: string;
  injectedActivity?: number;
  /** ISO 8601 with the user's offset. */
  administrationDatetime?: string;
  isotope?: string;
}

/** The API's fields (camel case, as its errors name them) → the form's fields. */
export const SERVER_FIELDS: Readonly<Record<string, AnalysisFormField>> = {
  analysisName: 'analysisName',
  calibrationId: 'calibrationId',
  injectedActivity: 'injectedActivity',
  administrationDatetime: 'administrationDatetime',
  isotope: 'isotope',
  images: 'images',
  imagesUploadId: 'images',
};

export const EMPTY_FORM: AnalysisFormValues = {
  analysisName: '',
  calibrationId: '',
  injectedActivity: '',
  administrationDatetime: '',
  isotope: '',
  images: '',
};

/** Form values of a stored analysis (edit). */
export function formValuesOf(analysis: AnalysisValues, language = 'en-US'): AnalysisFormValues {
  return {
    analysisName: analysis.analysisName,
    calibrationId: analysis.calibrationId ?? '',
    injectedActivity: decimalText(analysis.injectedActivity, language),
    administrationDatetime: isoToLocalInput(analysis.administrationDatetime),
    isotope: analysis.isotope ?? '',
    images: '',
  };
}

/** "validation.required" (the shared schema's form) → "validation:required" (an i18next key). */
const toKey = (message: string) => `validation:${message.replace(/^validation\./, '')}`;

function schemaInput(values: AnalysisFormValues, set: AnalysisFieldSet) {
  const base = { analysisName: values.analysisName };
  if (set === 'dosimetry') {
    return {
      ...base,
      calibrationId: values.calibrationId || undefined,
      injectedActivity: values.injectedActivity,
      administrationDatetime: localInputToIso(values.administrationDatetime) ?? values.administrationDatetime,
    };
  }
  if (set === 'radiosyno') return { ...base, isotope: values.isotope };
  return base;
}

export interface CheckContext {
  serviceId: AnalysisService;
  /** Names of the order's other analyses (the name is unique per order). */
  otherNames: readonly string[];
  /** Create: the images are required. Edit: blank keeps the current ones. */
  imagesRequired: boolean;
}

/** The client checks: translation keys per field (the first broken rule of each). */
export function checkAnalysis(values: AnalysisFormValues, { serviceId, otherNames, imagesRequired }: CheckContext) {
  const problems: Partial<Record<AnalysisFormField, string[]>> = {};
  const add = (field: AnalysisFormField, key: string) => {
    problems[field] ??= [toKey(key)];
  };
  const parsed = ANALYSIS_FIELDS[serviceId].safeParse(schemaInput(values, fieldSetOf(serviceId)));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(issue.path[0] as AnalysisFormField, issue.message);
  }
  const name = values.analysisName.trim();
  if (name && otherNames.some((other) => other.trim() === name)) add('analysisName', 'validation.analysisNameTaken');
  if (imagesRequired && !values.images) add('images', 'validation.required');
  return problems;
}

/** The values to store and send; call only after `checkAnalysis` found nothing. */
export function analysisValuesOf(values: AnalysisFormValues, serviceId: AnalysisService): AnalysisValues {
  const set = fieldSetOf(serviceId);
  const data = ANALYSIS_FIELDS[serviceId].parse(schemaInput(values, set)) as { analysisName: string; calibrationId?: string; injectedActivity?: number; isotope?: string };
  if (set === 'dosimetry') {
    return {
      analysisName: data.analysisName,
      calibrationId: data.calibrationId!,
      injectedActivity: data.injectedActivity!,
      administrationDatetime: localInputToIso(values.administrationDatetime)!,
    };
  }
  if (set === 'radiosyno') return { analysisName: data.analysisName, isotope: data.isotope! };
  return { analysisName: data.analysisName };
}
