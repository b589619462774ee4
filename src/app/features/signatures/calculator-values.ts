import { activityToDraw, injectedActivity, isValidSurface, LARGE_SURFACE_CM2, type Activity, type Radionuclide } from '#shared/radiosynoviorthesis/radiosynoviorthesis.ts';

/** The calculator form as typed: the result follows every keystroke, or a message says why there is none. */
export interface CalculatorValues {
  nuclide: Radionuclide;
  thickness: number;
  surface: string;
  /** `datetime-local` values, both optional. */
  drawnAt: string;
  injectAt: string;
}

export type SurfaceProblem = 'required' | 'notNumber' | 'notPositive' | null;

export interface CalculatorOutcome {
  surfaceProblem: SurfaceProblem;
  /** Above any joint's surface: shown, not refused. */
  largeSurface: boolean;
  atInjection: Activity | null;
  /** When both times are given and the draw comes first. */
  toDraw: Activity | null;
  /** Both times given but the draw is after the injection. */
  drawAfterInjection: boolean;
}

/** A decimal typed with a comma (pt-BR, es) or a point; anything else is not a number. */
export function parseSurface(text: string): number {
  const normalized = text.trim().replace(',', '.');
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(normalized) ? Number(normalized) : Number.NaN;
}

function surfaceProblemOf(text: string, surface: number): SurfaceProblem {
  if (text.trim() === '') return 'required';
  if (!Number.isFinite(surface)) return 'notNumber';
  return isValidSurface(surface) ? null : 'notPositive';
}

export function calculateOutcome(values: CalculatorValues): CalculatorOutcome {
  const surface = parseSurface(values.surface);
  const surfaceProblem = surfaceProblemOf(values.surface, surface);
  const none = { surfaceProblem, largeSurface: false, atInjection: null, toDraw: null, drawAfterInjection: false };
  if (surfaceProblem) return none;
  const atInjection = injectedActivity(values.nuclide, values.thickness, surface) ?? null;
  const drawnAt = values.drawnAt ? new Date(values.drawnAt) : null;
  const injectAt = values.injectAt ? new Date(values.injectAt) : null;
  const timed = drawnAt && injectAt && Number.isFinite(drawnAt.getTime()) && Number.isFinite(injectAt.getTime());
  const drawAfterInjection = Boolean(timed && drawnAt > injectAt);
  const toDraw = timed && !drawAfterInjection ? (activityToDraw(values.nuclide, values.thickness, surface, drawnAt, injectAt) ?? null) : null;
  return { surfaceProblem, largeSurface: surface > LARGE_SURFACE_CM2, atInjection, toDraw, drawAfterInjection };
}
