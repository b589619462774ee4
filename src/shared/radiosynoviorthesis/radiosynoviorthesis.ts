import { roundHalfEven2 } from './python-round.ts';

/**
 * The radiosynoviorthesis calculator (docs/domain.md): the activity for a mean absorbed dose of 100 Gy in the
 * synovial layer, A [MBq] = m·S + a with the company's calibrated coefficients, mCi = MBq / 37, each rounded as
 * v1 rounded them (mCi from the unrounded MBq). Pure: the page computes offline, the server with the same code.
 */

export const RADIONUCLIDES = ['Y-90', 'P-32', 'Re-188', 'Re-186', 'Sm-153', 'Lu-177'] as const;
export type Radionuclide = (typeof RADIONUCLIDES)[number];
export const isRadionuclide = (value: unknown): value is Radionuclide => (RADIONUCLIDES as readonly unknown[]).includes(value);

/** Layer thickness in mm. */
export type Thickness = 1 | 2 | 3;

export interface Coefficients {
  /** MBq per cm² */
  slope: number;
  /** MBq */
  intercept: number;
}

/** [m, a] per thickness (mm); a thickness that is absent is not offered for that nuclide. */
export const COEFFICIENTS: Readonly<Record<Radionuclide, Partial<Record<Thickness, Coefficients>>>> = {
  'Y-90': { 1: { slope: 0.953, intercept: 2.566 }, 2: { slope: 1.304, intercept: 3.825 }, 3: { slope: 1.658, intercept: 4.987 } },
  'P-32': { 1: { slope: 0.189, intercept: 0.341 }, 2: { slope: 0.275, intercept: 0.539 } },
  'Re-188': { 1: { slope: 2.958, intercept: 1.414 }, 2: { slope: 4.468, intercept: 3.059 } },
  'Re-186': { 1: { slope: 0.755, intercept: 0.145 } },
  'Sm-153': { 1: { slope: 1.956, intercept: 6.12 } },
  'Lu-177': { 1: { slope: 0.656, intercept: 0.035 } },
};

/** Physical half-lives in hours, for the decay correction. */
export const HALF_LIVES_HOURS: Readonly<Record<Radionuclide, number>> = {
  'Y-90': 64.1,
  'P-32': 342.3,
  'Re-188': 17.0,
  'Re-186': 89.2,
  'Sm-153': 46.5,
  'Lu-177': 159.5,
};

export const TARGET_DOSE_GY = 100;
export const MBQ_PER_MCI = 37;
/** Above this the surface is no joint's (a warning, not a refusal). */
export const LARGE_SURFACE_CM2 = 1000;
/** The manual's and the field's example: a knee. */
export const KNEE_SURFACE_CM2 = 200;

export const thicknessesOf = (nuclide: Radionuclide): Thickness[] =>
  (Object.keys(COEFFICIENTS[nuclide]).map(Number) as Thickness[]).toSorted((a, b) => a - b);

export const coefficientsOf = (nuclide: Radionuclide, thickness: number): Coefficients | undefined =>
  COEFFICIENTS[nuclide][thickness as Thickness];

export const isValidSurface = (surface: number) => Number.isFinite(surface) && surface > 0;

export interface Activity {
  MBq: number;
  mCi: number;
}

const activityOf = (mbq: number): Activity => ({ MBq: roundHalfEven2(mbq), mCi: roundHalfEven2(mbq / MBQ_PER_MCI) });

/** The activity to inject; undefined for a combination that is not offered. The caller checks the surface. */
export function injectedActivity(nuclide: Radionuclide, thickness: number, surfaceCm2: number): Activity | undefined {
  const coefficients = coefficientsOf(nuclide, thickness);
  if (!coefficients) return undefined;
  return activityOf(coefficients.slope * surfaceCm2 + coefficients.intercept);
}

/**
 * The activity to draw at `drawnAt` so that `injectedActivity` remains at `injectAt` (decay from drawing to
 * injection); undefined for a combination that is not offered.
 */
export function activityToDraw(nuclide: Radionuclide, thickness: number, surfaceCm2: number, drawnAt: Date, injectAt: Date): Activity | undefined {
  const coefficients = coefficientsOf(nuclide, thickness);
  if (!coefficients) return undefined;
  const hours = (injectAt.getTime() - drawnAt.getTime()) / 3_600_000;
  const atInjection = coefficients.slope * surfaceCm2 + coefficients.intercept;
  return activityOf(atInjection * 2 ** (hours / HALF_LIVES_HOURS[nuclide]));
}
