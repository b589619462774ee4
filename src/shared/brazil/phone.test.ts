import { describe, expect, it } from 'vitest';
import { formatPhone, isValidPhone, normalizePhone } from './phone.ts';

describe('normalizePhone', () => {
  it.each([
    ['+55 (11) 98765-4321', '+5511987654321'],
    ['+5511987654321', '+5511987654321'],
    ['5511987654321', '+5511987654321'],
    ['55 11 3456-7890', '+551134567890'],
    ['(11) 98765-4321', '+5511987654321'], // national mobile gets +55
    ['11 3456.7890', '+551134567890'], // national landline gets +55
    ['(55) 99123-4567', '+5555991234567'], // DDD 55 (Santa Maria, RS) without country code
    ['  +1 415 555 2671  ', '+14155552671'],
    ['+44 20 7946 0958', '+442079460958'],
    ['447911123456', '+447911123456'], // 12 digits without + already carry a country code
    ['+12345678', '+12345678'], // 8 digits: E.164 minimum
    ['+123456789012345', '+123456789012345'], // 15 digits: E.164 maximum
    ['+1234567', null], // 7 digits
    ['+1234567890123456', null], // 16 digits
    ['987654321', null], // 9 digits, no + and no DDD
    ['0800 123 4567', null], // 0800 is no DDD (read as national, +55 08…)
    ['+55 11 8765-432', null], // Brazilian number too short
    ['+55 (11) 88765-4321', null], // 11-digit national number must be a mobile starting with 9
    ['+55 (01) 98765-4321', null], // DDD has no 0
    ['+55 11 98765-43210', null], // Brazilian number too long
    ['(11) 9876-ABCD', null], // letters
    ['+55 11 98765-4321 ext 2', null],
    ['55+11987654321', null], // + only at the start
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
    expect(isValidPhone(input)).toBe(expected !== null);
  });
});

describe('formatPhone (docs/product.md §5)', () => {
  it.each([
    ['+5511987654321', '+55 (11) 98765-4321'],
    ['5511987654321', '+55 (11) 98765-4321'],
    ['+551134567890', '+55 (11) 3456-7890'],
    ['+14155552671', '+14155552671'],
    ['+442079460958', '+442079460958'], // 12 digits not starting with 55 stay unformatted
    ['+1 (415) 555-2671', '+14155552671'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});
