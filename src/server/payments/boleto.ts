/**
 * FEBRABAN boleto de cobrança maths (reference/domain-notes.md §4.4): the 44-digit barcode and the 47-digit
 * linha digitável of a bill. Ours on purpose: the npm packages that issue boletos pin PDF libraries from years ago.
 */

export { formatLinhaDigitavel } from '#shared/format/boleto.ts';

const DAY_MS = 86_400_000;
const FACTOR_EPOCH = Date.UTC(1997, 9, 7);
/** The currency digit of the real. */
const CURRENCY_BRL = '9';

export interface BoletoFields {
  /** The bank's 3-digit code. */
  bank: string;
  /** Centavos, at most 10 digits. */
  amountCents: number;
  /** YYYY-MM-DD */
  dueDate: string;
  /** The bank's 25-digit free field (agreement, our number…). */
  freeField: string;
}

const isDigits = (value: string, length: number) => new RegExp(`^\\d{${length}}$`).test(value);

/** Days since 1997-10-07, counted from 1000 again every 9000 days (9999 on 2025-02-21, 1000 on 2025-02-22). */
export function dueDateFactor(dueDate: string): number {
  const days = Math.round((Date.parse(`${dueDate}T00:00:00Z`) - FACTOR_EPOCH) / DAY_MS);
  if (!Number.isInteger(days) || days < 1000) throw new RangeError(`no due-date factor for ${dueDate}`);
  return ((days - 1000) % 9000) + 1000;
}

/** A field's check digit: weights 2,1,2,1… from the right, two-digit products summed digit by digit. */
export function mod10(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = 3 - weight) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

/** The barcode's general check digit: weights 2…9 cycling from the right; 0, 10 and 11 become 1. */
export function mod11(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 9 ? 2 : weight + 1) sum += Number(digits[i]) * weight;
  const digit = 11 - (sum % 11);
  return digit === 0 || digit === 10 || digit === 11 ? 1 : digit;
}

/** bank(3) · currency(1) · general digit(1) · factor(4) · amount(10) · free field(25). */
export function boletoBarcode({ bank, amountCents, dueDate, freeField }: BoletoFields): string {
  if (!isDigits(bank, 3)) throw new RangeError('bank: 3 digits');
  if (!isDigits(freeField, 25)) throw new RangeError('free field: 25 digits');
  if (!Number.isSafeInteger(amountCents) || amountCents < 0 || amountCents > 9_999_999_999) throw new RangeError('amount: 0 to 10 digits of centavos');
  const tail = `${dueDateFactor(dueDate)}${String(amountCents).padStart(10, '0')}${freeField}`;
  const head = `${bank}${CURRENCY_BRL}`;
  return `${head}${mod11(head + tail)}${tail}`;
}

/** The 47 digits read from a barcode: three fields with their modulo-10 digits, the general digit, factor and amount. */
export function linhaDigitavel(barcode: string): string {
  if (!isDigits(barcode, 44)) throw new RangeError('barcode: 44 digits');
  const free = barcode.slice(19);
  const withDigit = (field: string) => `${field}${mod10(field)}`;
  return [withDigit(barcode.slice(0, 4) + free.slice(0, 5)), withDigit(free.slice(5, 15)), withDigit(free.slice(15, 25)), barcode[4], barcode.slice(5, 19)].join('');
}
