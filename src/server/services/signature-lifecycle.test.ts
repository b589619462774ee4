import { describe, expect, it } from 'vitest';
import { addMonths } from './signature-lifecycle.ts';

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
