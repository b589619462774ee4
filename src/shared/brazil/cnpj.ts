import { stripFormatting } from './digits.ts';

const DV1_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const DV2_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** IN RFB 2.229/2024: a character's value is its ASCII code − 48, so digits keep their value and A=17 … Z=42. */
const charValue = (char: string) => char.charCodeAt(0) - 48;

function cnpjCheckDigit(chars: string, weights: readonly number[]): number {
  const sum = weights.reduce((total, weight, index) => total + charValue(chars[index] ?? '0') * weight, 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** Accepts numeric and alphanumeric (July 2026) CNPJs, masked or bare, in any letter case. */
export function isValidCnpj(input: string): boolean {
  return normalizeCnpj(input) !== null;
}

/**
 * The 14 upper-case characters of a valid CNPJ, or null.
 * Only `.`, `/`, `-` and spaces count as formatting; any other symbol makes the input invalid.
 */
export function normalizeCnpj(input: string): string | null {
  if (!/^[0-9A-Za-z./\-\s]*$/.test(input)) return null;
  const cnpj = stripFormatting(input);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(.)\1{13}$/.test(cnpj)) return null;
  const dv1 = cnpjCheckDigit(cnpj, DV1_WEIGHTS);
  const dv2 = cnpjCheckDigit(cnpj, DV2_WEIGHTS);
  return cnpj.endsWith(`${dv1}${dv2}`) ? cnpj : null;
}

/** `00.000.000/0000-00` (letters allowed in the first 12) when the value holds 14 characters; otherwise unchanged. */
export function formatCnpj(value: string): string {
  const cnpj = stripFormatting(value);
  if (cnpj.length !== 14) return value;
  return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
}
