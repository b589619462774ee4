import { CALCULATOR_BENEFIT } from '#shared/catalog.ts';
import { coefficientsOf, injectedActivity, isRadionuclide, type Activity } from '#shared/radiosynoviorthesis/radiosynoviorthesis.ts';
import type { Db } from '../db/client.ts';
import { appError, fieldErrors, type ErrorMessage } from '../errors.ts';
import { hasActiveBenefit } from './subscriptions.ts';

/**
 * The radiosynoviorthesis calculator (docs/v1-contract.md §1.15, docs/api.md): for subscribers whose activated
 * subscription includes it; v1's field messages; an unsupported nuclide/thickness is refused (v1 answered 0).
 */

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const required = (field: string): ErrorMessage => ({ field, key: 'validation.required' });
const notAChoice = (field: string, value: unknown): ErrorMessage => ({ field, key: 'validation.selectValidChoice', values: { value: String(value) } });

/** A number given as JSON or typed (v1 took both); NaN when it is not one. */
function numberOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(value)) return Number(value);
  return Number.NaN;
}

function surfaceError(value: unknown): ErrorMessage | null {
  if (isBlank(value)) return required('surface');
  const surface = numberOf(value);
  if (!Number.isFinite(surface)) return { field: 'surface', key: 'validation.invalidNumber' };
  if (surface < 0) return { field: 'surface', key: 'validation.notNegative' };
  if (surface === 0) return { field: 'surface', key: 'validation.positive' };
  return null;
}

function thicknessError(nuclide: unknown, value: unknown): ErrorMessage | null {
  if (isBlank(value)) return required('thickness');
  const thickness = numberOf(value);
  const offered = isRadionuclide(nuclide) ? coefficientsOf(nuclide, thickness) : [1, 2, 3].includes(thickness);
  return offered ? null : notAChoice('thickness', value);
}

export interface CalculatorInput {
  radionuclide: unknown;
  thickness: unknown;
  surface: unknown;
}

/** v1's checks, every field's message at once; then the activity to inject. */
export function calculate(body: unknown): Activity {
  const { radionuclide, thickness, surface } = (typeof body === 'object' && body !== null ? body : {}) as CalculatorInput;
  const nuclideError = isBlank(radionuclide) ? required('radionuclide') : isRadionuclide(radionuclide) ? null : notAChoice('radionuclide', radionuclide);
  const errors = [nuclideError, thicknessError(radionuclide, thickness), surfaceError(surface)].filter((error) => error !== null);
  if (errors.length > 0 || !isRadionuclide(radionuclide)) throw fieldErrors(errors);
  return injectedActivity(radionuclide, numberOf(thickness), numberOf(surface))!;
}

/** 403 unless an activated subscription of the user includes the calculator. */
export async function requireCalculator(db: Db, userId: string): Promise<void> {
  if (!(await hasActiveBenefit(db, userId, CALCULATOR_BENEFIT.id))) throw appError(403, 'signatures.calculatorForbidden');
}
