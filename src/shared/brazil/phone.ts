import { stripNonDigits } from './digits.ts';

const BRAZIL = '55';

/** Digits, spaces, `(`, `)`, `-`, `.` and one leading `+`; letters and other symbols make a phone invalid. */
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/** Brazilian E.164 digits: 55 + DDD (two digits, neither 0) + 8-digit landline or 9-digit mobile starting with 9. */
function isBrazilianE164(digits: string): boolean {
  return /^55[1-9]{2}(?:\d{8}|9\d{8})$/.test(digits);
}

/**
 * The E.164 form (`+5511987654321`) of a phone, or null.
 * With `+` or without it, 12+ digits are read as already carrying a country code;
 * 10 or 11 digits without `+` are a national Brazilian number (DDD + number) and get +55.
 */
export function normalizePhone(input: string): string | null {
  const text = input.trim();
  if (!PHONE_CHARACTERS.test(text)) return null;
  const raw = stripNonDigits(text);
  const hasPlus = text.startsWith('+');
  const digits = !hasPlus && (raw.length === 10 || raw.length === 11) ? BRAZIL + raw : raw;
  if (!/^[1-9]\d{7,14}$/.test(digits)) return null;
  if (!hasPlus && digits.length < 12) return null;
  if (digits.startsWith(BRAZIL) && !isBrazilianE164(digits)) return null;
  return `+${digits}`;
}

export function isValidPhone(input: string): boolean {
  return normalizePhone(input) !== null;
}

/**
 * docs/product.md §5 display: 13 digits → `+55 (11) 98765-4321`; 12 digits starting with 55 → `+55 (11) 3456-7890`;
 * any other number → its bare digits after a `+`. Display only: does not validate.
 */
export function formatPhone(value: string): string {
  const digits = stripNonDigits(value);
  if (digits.length === 0) return value;
  if (digits.length === 13 || (digits.length === 12 && digits.startsWith(BRAZIL))) {
    const country = digits.slice(0, 2);
    const area = digits.slice(2, 4);
    const number = digits.slice(4);
    return `+${country} (${area}) ${number.slice(0, -4)}-${number.slice(-4)}`;
  }
  return `+${digits}`;
}
