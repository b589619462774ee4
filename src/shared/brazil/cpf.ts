import { stripNonDigits } from './digits.ts';

/** Mod-11 check digit over `digits` with weights counting down from `firstWeight` to 2. */
function cpfCheckDigit(digits: readonly number[], firstWeight: number): number {
  const sum = digits.reduce((total, digit, index) => total + digit * (firstWeight - index), 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** Accepts a CPF with or without its mask; only the 11 digits and both check digits matter. */
export function isValidCpf(input: string): boolean {
  return normalizeCpf(input) !== null;
}

/** The 11 bare digits of a valid CPF, or null. Rejects any character other than digits, `.`, `-` and spaces. */
export function normalizeCpf(input: string): string | null {
  if (!/^[\d.\-\s]*$/.test(input)) return null;
  const cpf = stripNonDigits(input);
  if (cpf.length !== 11 || /^(\d)\1{10}$/.test(cpf)) return null;
  const digits = [...cpf].map(Number);
  const dv1 = cpfCheckDigit(digits.slice(0, 9), 10);
  const dv2 = cpfCheckDigit(digits.slice(0, 10), 11);
  return digits[9] === dv1 && digits[10] === dv2 ? cpf : null;
}

/** `000.000.000-00` when the value holds 11 digits; otherwise the input unchanged (display only, no validation). */
export function formatCpf(value: string): string {
  const cpf = stripNonDigits(value);
  if (cpf.length !== 11) return value;
  return `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
}
