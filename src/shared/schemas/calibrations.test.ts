import { describe, expect, it } from 'vitest';
import { CalibrationFields, calibrationProblems, parseDateTime } from './calibrations.ts';

describe('parseDateTime', () => {
  it.each([
    ['2026-11-20T10:00', '2026-11-20T10:00:00.000Z'],
    ['2026-11-20 10:00:30', '2026-11-20T10:00:30.000Z'],
    ['2026-11-20T10:00:00-03:00', '2026-11-20T13:00:00.000Z'],
    ['2026-11-20T10:00:00+0530', '2026-11-20T04:30:00.000Z'],
    ['2024-02-29T08:00Z', '2024-02-29T08:00:00.000Z'],
  ])('%s → %s', (text, iso) => {
    expect(parseDateTime(text)?.toISOString()).toBe(iso);
  });

  it.each(['2024-02-30 10:00:00', '2023-04-31T08:00:00Z', '2023-02-29T08:00', '2026-13-01T00:00', '2026-11-20T24:00', 'nope', '20/11/2026 10:00'])(
    '%s is no date-time',
    (text) => {
      expect(parseDateTime(text)).toBeNull();
    },
  );
});

describe('CalibrationFields', () => {
  const valid = {
    isotope: 'Lu-177',
    calibrationName: 'Cal 1',
    syringeActivity: '50,5',
    residualSyringeActivity: '0.3',
    measurementDatetime: '2026-11-20T10:00',
    phantomVolume: '200',
  };

  it('reads decimals with a comma or a point and defaults the acquisition time to 0', () => {
    const parsed = CalibrationFields.parse(valid);
    expect(parsed).toMatchObject({ syringeActivity: 50.5, residualSyringeActivity: 0.3, phantomVolume: 200, acquisitionTime: 0 });
  });

  it.each([
    [{ residualSyringeActivity: '  ' }, 'residualSyringeActivity', 'validation.required'],
    [{ residualSyringeActivity: '0x40' }, 'residualSyringeActivity', 'validation.invalidNumber'],
    [{ syringeActivity: '-1' }, 'syringeActivity', 'validation.notNegative'],
    [{ phantomVolume: '0' }, 'phantomVolume', 'validation.positive'],
    [{ calibrationName: '' }, 'calibrationName', 'validation.required'],
    [{ calibrationName: 'ab' }, 'calibrationName', 'validation.calibrationNameLength'],
    [{ measurementDatetime: '2024-02-30 10:00' }, 'measurementDatetime', 'validation.invalidDatetime'],
  ])('%j → %s: %s', (change, field, message) => {
    const result = CalibrationFields.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });
});

describe('calibrationProblems (docs/domain.md checks)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('wants the residual below the syringe activity and a measurement not in the future', () => {
    expect(calibrationProblems({ syringeActivity: 10, residualSyringeActivity: 10, measurementDatetime: new Date('2026-11-23T00:00:00Z') }, now)).toEqual([
      ['residual_syringe_activity', 'validation.residualNotBelowSyringe'],
      ['measurement_datetime', 'validation.datetimeInFuture'],
    ]);
    expect(calibrationProblems({ syringeActivity: 10, residualSyringeActivity: 1, measurementDatetime: now }, now)).toEqual([]);
  });
});
