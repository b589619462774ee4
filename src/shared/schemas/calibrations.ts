import { z } from 'zod';
import { listOf } from './common.ts';

/** Form fields arrive as text (multipart) or numbers (JSON); "" is a missing value. */
const numberField = (min: number, minMessage: string, exclusive = false) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value.replace(',', '.')) : value),
    z
      .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidNumber') })
      .refine(Number.isFinite, 'validation.invalidNumber')
      .refine((n) => (exclusive ? n > min : n >= min), minMessage),
  );

/** ISO 8601 date-time; without an offset it is taken as UTC (v1). */
const DateTimeField = z
  .string({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidDatetime') })
  .trim()
  .min(1, 'validation.required')
  .transform((text, ctx) => {
    const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/i.test(text);
    const date = new Date(hasOffset ? text : `${text.replace(' ', 'T')}Z`);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'validation.invalidDatetime' });
      return z.NEVER;
    }
    return date;
  });

/** The calibration form (v1 §1.13 with DOMAIN.md's checks). Messages are translation keys. */
export const CalibrationFields = z.object({
  /** A client-generated UUID on create (local-first), so a replayed create makes one calibration. */
  id: z.uuid('validation.invalidUuid').optional(),
  isotope: z.string({ error: () => 'validation.required' }).trim().min(1, 'validation.required').max(6, 'validation.isotopeUnknown'),
  calibrationName: z
    .string({ error: () => 'validation.required' })
    .trim()
    .min(3, 'validation.calibrationNameLength')
    .max(24, 'validation.calibrationNameLength'),
  syringeActivity: numberField(0, 'validation.notNegative'),
  residualSyringeActivity: numberField(0, 'validation.notNegative'),
  measurementDatetime: DateTimeField,
  phantomVolume: numberField(0, 'validation.positive', true),
  acquisitionTime: numberField(0, 'validation.notNegative').optional().default(0),
});
export type CalibrationFields = z.infer<typeof CalibrationFields>;

/** DOMAIN.md checks across fields: residual below the syringe activity, measurement not in the future. Returns [field, key] pairs. */
export function calibrationProblems(fields: Pick<CalibrationFields, 'syringeActivity' | 'residualSyringeActivity' | 'measurementDatetime'>, now = new Date()) {
  const problems: Array<[field: string, key: string]> = [];
  if (fields.residualSyringeActivity >= fields.syringeActivity) problems.push(['residual_syringe_activity', 'validation.residualNotBelowSyringe']);
  if (fields.measurementDatetime.getTime() > now.getTime() + 60_000) problems.push(['measurement_datetime', 'validation.datetimeInFuture']);
  return problems;
}

export const Calibration = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    isotope: z.string(),
    calibrationName: z.string(),
    syringeActivity: z.number(),
    residualSyringeActivity: z.number(),
    measurementDatetime: z.string(),
    phantomVolume: z.number(),
    acquisitionTime: z.number(),
    /** v1's spelling. */
    createAt: z.string(),
    modifiedAt: z.string(),
    imagesUrl: z.string().nullable(),
    version: z.number().int(),
  })
  .meta({ id: 'Calibration' });
export type Calibration = z.infer<typeof Calibration>;
export const CalibrationList = listOf(Calibration).meta({ id: 'CalibrationList' });

export const CalibrationParams = z.object({ uid: z.uuid(), cid: z.uuid('validation.invalidUuid') });
export const CalibrationDeleted = z.object({ id: z.uuid(), message: z.string() }).meta({ id: 'CalibrationDeleted' });
