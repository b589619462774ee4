import { describe, expect, it } from 'vitest';
import { activityToDraw, injectedActivity, RADIONUCLIDES, thicknessesOf, type Radionuclide } from './radiosynoviorthesis.ts';

// [nuclide, thickness, [surface cm², MBq, mCi][]]: the expected values are CPython's round(m*S + a, 2) and
// round((m*S + a)/37, 2) with docs/domain.md's coefficients, as v1 computed them.
const TABLE: [Radionuclide, number, [number, number, number][]][] = [
  ['Y-90', 1, [[0.5, 3.04, 0.08], [1, 3.52, 0.1], [12.5, 14.48, 0.39], [37.4, 38.21, 1.03], [200, 193.17, 5.22], [450.25, 431.65, 11.67], [1000, 955.57, 25.83], [2500, 2385.07, 64.46]]],
  ['Y-90', 2, [[0.5, 4.48, 0.12], [1, 5.13, 0.14], [12.5, 20.12, 0.54], [37.4, 52.59, 1.42], [200, 264.62, 7.15], [450.25, 590.95, 15.97], [1000, 1307.83, 35.35], [2500, 3263.82, 88.21]]],
  ['Y-90', 3, [[0.5, 5.82, 0.16], [1, 6.64, 0.18], [12.5, 25.71, 0.69], [37.4, 67.0, 1.81], [200, 336.59, 9.1], [450.25, 751.5, 20.31], [1000, 1662.99, 44.95], [2500, 4149.99, 112.16]]],
  ['P-32', 1, [[0.5, 0.44, 0.01], [1, 0.53, 0.01], [12.5, 2.7, 0.07], [37.4, 7.41, 0.2], [200, 38.14, 1.03], [450.25, 85.44, 2.31], [1000, 189.34, 5.12], [2500, 472.84, 12.78]]],
  ['P-32', 2, [[0.5, 0.68, 0.02], [1, 0.81, 0.02], [12.5, 3.98, 0.11], [37.4, 10.82, 0.29], [200, 55.54, 1.5], [450.25, 124.36, 3.36], [1000, 275.54, 7.45], [2500, 688.04, 18.6]]],
  ['Re-188', 1, [[0.5, 2.89, 0.08], [1, 4.37, 0.12], [12.5, 38.39, 1.04], [37.4, 112.04, 3.03], [200, 593.01, 16.03], [450.25, 1333.25, 36.03], [1000, 2959.41, 79.98], [2500, 7396.41, 199.9]]],
  ['Re-188', 2, [[0.5, 5.29, 0.14], [1, 7.53, 0.2], [12.5, 58.91, 1.59], [37.4, 170.16, 4.6], [200, 896.66, 24.23], [450.25, 2014.78, 54.45], [1000, 4471.06, 120.84], [2500, 11173.06, 301.97]]],
  ['Re-186', 1, [[0.5, 0.52, 0.01], [1, 0.9, 0.02], [12.5, 9.58, 0.26], [37.4, 28.38, 0.77], [200, 151.15, 4.08], [450.25, 340.08, 9.19], [1000, 755.14, 20.41], [2500, 1887.64, 51.02]]],
  ['Sm-153', 1, [[0.5, 7.1, 0.19], [1, 8.08, 0.22], [12.5, 30.57, 0.83], [37.4, 79.27, 2.14], [200, 397.32, 10.74], [450.25, 886.81, 23.97], [1000, 1962.12, 53.03], [2500, 4896.12, 132.33]]],
  ['Lu-177', 1, [[0.5, 0.36, 0.01], [1, 0.69, 0.02], [12.5, 8.24, 0.22], [37.4, 24.57, 0.66], [200, 131.24, 3.55], [450.25, 295.4, 7.98], [1000, 656.03, 17.73], [2500, 1640.04, 44.33]]],
];

describe('injectedActivity: every nuclide and thickness (v1 values)', () => {
  it.each(TABLE.flatMap(([nuclide, thickness, rows]) => rows.map(([surface, MBq, mCi]) => [nuclide, thickness, surface, MBq, mCi] as const)))(
    '%s %i mm, %s cm² → %s MBq, %s mCi',
    (nuclide, thickness, surface, MBq, mCi) => {
      expect(injectedActivity(nuclide, thickness, surface)).toEqual({ MBq, mCi });
    },
  );

  it("v1's worked example: Y-90, 200 cm², 1 mm → 193.17 MBq, 5.22 mCi", () => {
    expect(injectedActivity('Y-90', 1, 200)).toEqual({ MBq: 193.17, mCi: 5.22 });
  });

  it('offers only the thicknesses of the table, and computes nothing for the others', () => {
    expect(Object.fromEntries(RADIONUCLIDES.map((n) => [n, thicknessesOf(n)]))).toEqual({
      'Y-90': [1, 2, 3], 'P-32': [1, 2], 'Re-188': [1, 2], 'Re-186': [1], 'Sm-153': [1], 'Lu-177': [1],
    });
    expect(TABLE).toHaveLength(RADIONUCLIDES.reduce((sum, n) => sum + thicknessesOf(n).length, 0));
    expect(injectedActivity('Re-186', 2, 200)).toBeUndefined();
    expect(injectedActivity('P-32', 3, 200)).toBeUndefined();
    expect(injectedActivity('Y-90', 4, 200)).toBeUndefined();
  });
});

describe('activityToDraw: decay-corrected with the half-lives', () => {
  const injectAt = new Date('2026-03-10T12:00:00Z');
  const hoursBefore = (hours: number) => new Date(injectAt.getTime() - hours * 3_600_000);

  it('drawn at the injection time, it is the activity to inject', () => {
    expect(activityToDraw('Y-90', 1, 200, injectAt, injectAt)).toEqual({ MBq: 193.17, mCi: 5.22 });
  });

  it('drawn 3 h before a Y-90 injection (T½ 64.1 h), more is drawn: 193.17 · 2^(3/64.1)', () => {
    expect(activityToDraw('Y-90', 1, 200, hoursBefore(3), injectAt)).toEqual({ MBq: 199.54, mCi: 5.39 });
  });

  it('one half-life before, twice the activity (Re-188, 17 h)', () => {
    expect(activityToDraw('Re-188', 2, 200, hoursBefore(17), injectAt)).toEqual({ MBq: 1793.32, mCi: 48.47 });
  });
});
