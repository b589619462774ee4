import {
  EMPTY_FORM,
  calibrationValuesOf,
  checkCalibration,
  formValuesOf,
  netActivity,
  type CalibrationFormValues,
} from './calibration-values.ts';
import { isoToLocalInput, localInputToIso, toOffsetIso } from '#app/lib/local-input.ts';

const NOW = new Date(2026, 10, 22, 15, 30);

const valid: CalibrationFormValues = {
  isotope: 'Lu-177',
  calibrationName: 'Lu-177 março',
  syringeActivity: '185,5',
  residualSyringeActivity: '0.3',
  measurementDatetime: '2026-03-10T11:02',
  phantomVolume: '200',
  acquisitionTime: '1800',
  images: 'phantom.zip',
};

const check = (changes: Partial<CalibrationFormValues>, context: { otherNames?: string[]; imagesRequired?: boolean } = {}) =>
  checkCalibration({ ...valid, ...changes }, { otherNames: context.otherNames ?? [], imagesRequired: context.imagesRequired ?? true, now: NOW });

describe('calibration form checks (shared CalibrationFields + calibrationProblems, docs/domain.md)', () => {
  it('accepts a valid form, with a comma or a point as decimal separator', () => {
    expect(check({})).toEqual({});
    expect(calibrationValuesOf(valid)).toMatchObject({ syringeActivity: 185.5, residualSyringeActivity: 0.3, phantomVolume: 200, acquisitionTime: 1800 });
  });

  it('asks for every required field of an empty form, and the images on create', () => {
    expect(checkCalibration(EMPTY_FORM, { otherNames: [], imagesRequired: true, now: NOW })).toEqual({
      isotope: ['validation:required'],
      calibrationName: ['validation:required'],
      syringeActivity: ['validation:required'],
      residualSyringeActivity: ['validation:required'],
      measurementDatetime: ['validation:required'],
      phantomVolume: ['validation:required'],
      images: ['validation:required'],
    });
  });

  it.each([
    [{ calibrationName: 'Lu' }, { calibrationName: ['validation:calibrationNameLength'] }],
    [{ calibrationName: 'x'.repeat(25) }, { calibrationName: ['validation:calibrationNameLength'] }],
    [{ residualSyringeActivity: '185.5' }, { residualSyringeActivity: ['validation:residualNotBelowSyringe'] }],
    [{ residualSyringeActivity: '200' }, { residualSyringeActivity: ['validation:residualNotBelowSyringe'] }],
    [{ syringeActivity: '-1', residualSyringeActivity: '-2' }, { syringeActivity: ['validation:notNegative'], residualSyringeActivity: ['validation:notNegative'] }],
    [{ syringeActivity: 'abc' }, { syringeActivity: ['validation:invalidNumber'] }],
    [{ phantomVolume: '0' }, { phantomVolume: ['validation:positive'] }],
    [{ measurementDatetime: '2026-11-22T15:45' }, { measurementDatetime: ['validation:datetimeInFuture'] }],
    [{ measurementDatetime: '2026-02-30T10:00' }, { measurementDatetime: ['validation:invalidDatetime'] }],
    [{ images: '' }, { images: ['validation:required'] }],
  ])('%o → %o', (changes, expected) => {
    expect(check(changes)).toEqual(expected);
  });

  it('the images are optional on edit (blank keeps the current ones), and the acquisition time may be left out', () => {
    expect(check({ images: '', acquisitionTime: '' }, { imagesRequired: false })).toEqual({});
    expect(calibrationValuesOf({ ...valid, acquisitionTime: '' }).acquisitionTime).toBe(0);
  });

  it("the name must differ from the user's other calibrations (as the server checks, after trimming)", () => {
    expect(check({ calibrationName: ' Tc-99m rotina ' }, { otherNames: ['Tc-99m rotina'] })).toEqual({ calibrationName: ['validation:calibrationNameTaken'] });
    expect(check({ calibrationName: 'Tc-99m rotina 2' }, { otherNames: ['Tc-99m rotina'] })).toEqual({});
  });
});

describe('date-times', () => {
  it("sends the measurement as ISO with the user's offset, and shows it back in the user's zone", () => {
    const iso = localInputToIso('2026-03-10T11:02')!;
    expect(iso).toMatch(/^2026-03-10T11:02:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso).getTime()).toBe(new Date(2026, 2, 10, 11, 2).getTime());
    expect(isoToLocalInput(iso)).toBe('2026-03-10T11:02');
    expect(isoToLocalInput(new Date(2026, 2, 10, 11, 2, 51).toISOString())).toBe('2026-03-10T11:02:51');
    expect(toOffsetIso(new Date(2026, 0, 5, 8, 0, 7))).toMatch(/^2026-01-05T08:00:07[+-]\d{2}:\d{2}$/);
    expect(localInputToIso('10/03/2026')).toBeNull();
  });

  it('an edited record fills the form, with the decimal separator of the language', () => {
    const values = calibrationValuesOf(valid);
    expect(formValuesOf(values, 'pt-BR')).toEqual({ ...valid, residualSyringeActivity: '0,3', images: '' });
    expect(formValuesOf(values, 'en-US')).toMatchObject({ syringeActivity: '185.5', residualSyringeActivity: '0.3' });
    expect(calibrationValuesOf(formValuesOf(values, 'es'))).toEqual(values);
  });
});

describe('net activity (docs/domain.md: syringe − residual)', () => {
  it.each([
    [185.5, 0.3, 185.2],
    [50, 0.3, 49.7],
    [1.1, 1, 0.1],
    [10, 0, 10],
  ])('%d − %d = %d MBq', (syringeActivity, residualSyringeActivity, net) => {
    expect(netActivity({ syringeActivity, residualSyringeActivity })).toBe(net);
  });
});
