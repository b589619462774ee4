import { camelOf } from '#shared/schemas/api-errors.ts';
import { CalibrationFields, calibrationProblems } from '#shared/schemas/calibrations.ts';
import { decimalText, isoToLocalInput, localInputToIso } from '#app/lib/local-input.ts';

/**
 * The calibration form's text values, the record values they become, and the client checks
 * (docs/domain.md "Calibration records" through the shared `CalibrationFields` + `calibrationProblems`).
 */

/** What the form holds: every field as typed (decimals may use a comma), `images` the picked file's name. */
export type CalibrationFormValues = {
  isotope: string;
  calibrationName: string;
  syringeActivity: string;
  residualSyringeActivity: string;
  /** `datetime-local` text: "2024-05-10T11:02" (or with seconds), in the user's time zone. */
  measurementDatetime: string;
  phantomVolume: string;
  acquisitionTime: string;
  images: string;
};

export type CalibrationFormField = keyof CalibrationFormValues;

/** A calibration's values as stored locally and sent (multipart) to the server. */
export interface CalibrationValues {
  isotope: string;
  calibrationName: string;
  syringeActivity: number;
  residualSyringeActivity: number;
  /** ISO 8601 with the user's offset ("2024-05-10T11:02:00-03:00"). */
  measurementDatetime: string;
  phantomVolume: number;
  acquisitionTime: number;
}

/** The API's fields (camel case, as its errors name them) → the form's fields. */
export const SERVER_FIELDS: Readonly<Record<string, CalibrationFormField>> = {
  isotope: 'isotope',
  calibrationName: 'calibrationName',
  syringeActivity: 'syringeActivity',
  residualSyringeActivity: 'residualSyringeActivity',
  measurementDatetime: 'measurementDatetime',
  phantomVolume: 'phantomVolume',
  acquisitionTime: 'acquisitionTime',
  images: 'images',
};

/** Form values of a stored calibration (edit), numbers written in the reader's language. */
export function formValuesOf(calibration: CalibrationValues, language = 'en-US'): CalibrationFormValues {
  const decimal = (value: number) => decimalText(value, language);
  return {
    isotope: calibration.isotope,
    calibrationName: calibration.calibrationName,
    syringeActivity: decimal(calibration.syringeActivity),
    residualSyringeActivity: decimal(calibration.residualSyringeActivity),
    measurementDatetime: isoToLocalInput(calibration.measurementDatetime),
    phantomVolume: decimal(calibration.phantomVolume),
    acquisitionTime: decimal(calibration.acquisitionTime),
    images: '',
  };
}

export const EMPTY_FORM: CalibrationFormValues = {
  isotope: '',
  calibrationName: '',
  syringeActivity: '',
  residualSyringeActivity: '',
  measurementDatetime: '',
  phantomVolume: '',
  acquisitionTime: '',
  images: '',
};

/** "validation.required" (the shared schema's form) → "validation:required" (an i18next key). */
const toKey = (message: string) => `validation:${message.replace(/^validation\./, '')}`;

const schemaInput = (values: CalibrationFormValues) => ({
  isotope: values.isotope,
  calibrationName: values.calibrationName,
  syringeActivity: values.syringeActivity,
  residualSyringeActivity: values.residualSyringeActivity,
  // Not a local date-time: the schema gets the text and says it is invalid (or required, when blank).
  measurementDatetime: localInputToIso(values.measurementDatetime) ?? values.measurementDatetime,
  phantomVolume: values.phantomVolume,
  // Optional: left blank it is absent (the schema's default, 0), not an empty number.
  acquisitionTime: values.acquisitionTime.trim() === '' ? undefined : values.acquisitionTime,
});

export interface CheckContext {
  /** Names of the user's other calibrations (the name is unique per user). */
  otherNames: readonly string[];
  /** Create: the images are required. Edit: blank keeps the current ones. */
  imagesRequired: boolean;
  now?: Date;
}

/** The client checks: translation keys per field (the first broken rule of each), nothing for a valid form. */
export function checkCalibration(values: CalibrationFormValues, { otherNames, imagesRequired, now = new Date() }: CheckContext) {
  const problems: Partial<Record<CalibrationFormField, string[]>> = {};
  const add = (field: CalibrationFormField, key: string) => {
    problems[field] ??= [toKey(key)];
  };
  const input = schemaInput(values);
  const parsed = CalibrationFields.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(issue.path[0] as CalibrationFormField, issue.message);
  }
  // The checks across fields need only their own three fields to be valid.
  const crossFields = CalibrationFields.pick({ syringeActivity: true, residualSyringeActivity: true, measurementDatetime: true }).safeParse(input);
  if (crossFields.success) {
    for (const [field, key] of calibrationProblems(crossFields.data, now)) add(SERVER_FIELDS[camelOf(field)]!, key);
  }
  const name = values.calibrationName.trim();
  if (name && otherNames.some((other) => other.trim() === name)) add('calibrationName', 'validation.calibrationNameTaken');
  if (imagesRequired && !values.images) add('images', 'validation.required');
  return problems;
}

/** The values to store and send; call only after `checkCalibration` found nothing. */
export function calibrationValuesOf(values: CalibrationFormValues): CalibrationValues {
  const data = CalibrationFields.parse(schemaInput(values));
  return {
    isotope: data.isotope,
    calibrationName: data.calibrationName,
    syringeActivity: data.syringeActivity,
    residualSyringeActivity: data.residualSyringeActivity,
    measurementDatetime: localInputToIso(values.measurementDatetime)!,
    phantomVolume: data.phantomVolume,
    acquisitionTime: data.acquisitionTime,
  };
}

/** docs/domain.md: the net activity in the syringe, syringe − residual (MBq), without binary floating-point noise. */
export function netActivity({ syringeActivity, residualSyringeActivity }: Pick<CalibrationValues, 'syringeActivity' | 'residualSyringeActivity'>) {
  return Math.round((syringeActivity - residualSyringeActivity) * 1e9) / 1e9;
}
