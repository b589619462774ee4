import { z } from 'zod';
import { listOf } from './common.ts';

const DECIMAL = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/;

/** A decimal typed in a form ("1,5" or "1.5"); blank is a missing value, anything else not a number is NaN. */
function parseDecimal(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return DECIMAL.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
}

/** Form fields arrive as text (multipart) or numbers (JSON). */
export const numberField = (min: number, minMessage: string, exclusive = false) =>
  z.preprocess(
    parseDecimal,
    z
      .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidNumber') })
      .refine(Number.isFinite, 'validation.invalidNumber')
      .refine((n) => (exclusive ? n > min : n >= min), minMessage),
  );

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** "2024-02-30T10:00" is no date: every part must exist in the calendar (Date would roll it into March). */
export function parseDateTime(text: string): Date | null {
  const m = DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second = 0] = m.slice(1, 7).map((part) => Number(part ?? 0)) as number[];
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysInMonth || hour! > 23 || minute! > 59 || second > 59) return null;
  const offset = m[8] ?? 'Z';
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}${m[7] ?? ''}${offset.length === 5 ? `${offset.slice(0, 3)}:${offset.slice(3)}` : offset}`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** ISO 8601 date-time; without an offset it is taken as UTC (v1). */
export const DateTimeField = z
  .string({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidDatetime') })
  .trim()
  .min(1, 'validation.required')
  .transform((text, ctx) => {
    const date = parseDateTime(text);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: 'validation.invalidDatetime' });
      return z.NEVER;
    }
    return date;
  });

/**
 * The calibration form (docs/v1-contract.md §1.13 with docs/domain.md's checks). Messages are translation keys: the form's own; the
 * server answers a length (the name's 3–24, the isotope's 6) in v1's counted wording from the issue's limit
 * and input ("Ensure this value has at least 3 characters (it has 2).").
 */
export const CalibrationFields = z.object({
  /** A client-generated UUID on create (local-first), so a replayed create makes one calibration. */
  id: z.uuid('validation.invalidUuid').optional(),
  isotope: z.string({ error: () => 'validation.required' }).trim().min(1, 'validation.required').max(6, 'validation.isotopeUnknown'),
  calibrationName: z
    .string({ error: () => 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .min(3, 'validation.calibrationNameLength')
    .max(24, 'validation.calibrationNameLength'),
  syringeActivity: numberField(0, 'validation.notNegative'),
  residualSyringeActivity: numberField(0, 'validation.notNegative'),
  measurementDatetime: DateTimeField,
  phantomVolume: numberField(0, 'validation.positive', true),
  acquisitionTime: numberField(0, 'validation.notNegative').optional().default(0),
});
export type CalibrationFields = z.infer<typeof CalibrationFields>;

/** docs/domain.md checks across fields: residual below the syringe activity, measurement not in the future. Returns [field, key] pairs. */
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
