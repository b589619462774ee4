import { describe, expect, it } from 'vitest';
import { calculateOutcome, type CalculatorValues } from './calculator-values.ts';

const base: CalculatorValues = { nuclide: 'Y-90', thickness: 1, surface: '200', drawnAt: '', injectAt: '' };

describe('calculateOutcome', () => {
  it("v1's worked example, typed with a point or a comma", () => {
    expect(calculateOutcome(base).atInjection).toEqual({ MBq: 193.17, mCi: 5.22 });
    expect(calculateOutcome({ ...base, surface: '200,0' }).atInjection).toEqual({ MBq: 193.17, mCi: 5.22 });
  });

  it.each([
    ['', 'required'],
    ['abc', 'notNumber'],
    ['Infinity', 'notNumber'],
    ['1e999', 'notNumber'],
    ['0', 'notPositive'],
    ['-5', 'notPositive'],
  ] as const)('%j → %s and no result', (surface, problem) => {
    expect(calculateOutcome({ ...base, surface })).toMatchObject({ surfaceProblem: problem, atInjection: null, toDraw: null });
  });

  it('warns above 1,000 cm² but still computes', () => {
    expect(calculateOutcome({ ...base, surface: '1000' }).largeSurface).toBe(false);
    expect(calculateOutcome({ ...base, surface: '1000.5' })).toMatchObject({ largeSurface: true, atInjection: { MBq: 956.04 } });
  });

  it('with both times, the activity to draw beside the activity at injection; a draw after the injection is said', () => {
    const timed = calculateOutcome({ ...base, drawnAt: '2026-03-10T09:00', injectAt: '2026-03-10T12:00' });
    expect(timed).toMatchObject({ atInjection: { MBq: 193.17 }, toDraw: { MBq: 199.54, mCi: 5.39 }, drawAfterInjection: false });
    expect(calculateOutcome({ ...base, drawnAt: '2026-03-10T13:00', injectAt: '2026-03-10T12:00' })).toMatchObject({ toDraw: null, drawAfterInjection: true });
  });
});
