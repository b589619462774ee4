import { describe, expect, it } from 'vitest';
import type { Language } from '../languages.ts';
import { addMonths, brToIso, formatDate, isoToBr } from './dates.ts';

describe('isoToBr', () => {
  it.each([
    ['2026-11-22', '22/11/2026'],
    ['2026-01-05', '05/01/2026'],
    ['2028-02-29', '29/02/2028'], // leap year
    ['2026-02-29', null],
    ['2026-13-01', null],
    ['2026-11-22T10:00:00Z', null], // date-only strings
    ['22/11/2026', null],
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(isoToBr(input)).toBe(expected);
  });
});

describe('brToIso', () => {
  it.each([
    ['22/11/2026', '2026-11-22'],
    ['5/1/2026', '2026-01-05'],
    [' 29/02/2028 ', '2028-02-29'],
    ['29/02/2000', '2000-02-29'], // divisible by 400: leap
    ['29/02/1900', null], // divisible by 100: not leap
    ['31/02/2026', null],
    ['31/04/2026', null],
    ['00/01/2026', null],
    ['01/00/2026', null],
    ['22/11/26', null],
    ['2026-11-22', null],
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(brToIso(input)).toBe(expected);
  });
});

describe('formatDate', () => {
  it.each<[string, Language, string]>([
    ['2026-11-22', 'pt-BR', '22/11/2026'],
    ['2026-11-22', 'es', '22/11/2026'],
    ['2026-11-22', 'en-US', '11/22/2026'],
    ['2026-01-01', 'pt-BR', '01/01/2026'], // UTC midnight: no shift to 31/12 in any time zone
    ['2026-01-01', 'en-US', '01/01/2026'],
    ['2026-11-22T12:00:00Z', 'pt-BR', '22/11/2026'], // noon UTC is the 22nd from UTC−11 to UTC+11
    ['2026-02-31', 'pt-BR', '2026-02-31'], // impossible date: unchanged
    ['not a date', 'en-US', 'not a date'],
  ])('%j in %s → %j', (iso, language, expected) => {
    expect(formatDate(iso, language)).toBe(expected);
  });
});

describe('addMonths: a hired period of a month or a year from the payment day', () => {
  it.each([
    ['2027-01-15', 1, '2027-02-15'],
    ['2027-01-31', 1, '2027-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2027-12-31', 1, '2028-01-31'],
    ['2028-02-29', 12, '2029-02-28'],
    ['2026-11-26', 12, '2027-11-26'],
  ])('%s + %i month(s) → %s', (day, months, expected) => {
    expect(addMonths(day, months)).toBe(expected);
  });
});
