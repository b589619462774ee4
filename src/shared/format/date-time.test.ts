import { describe, expect, it } from 'vitest';
import { formatDateTime, formatWallClock } from './date-time.ts';

describe('formatDateTime', () => {
  it.each([
    ['2026-11-22T17:05:00Z', 'pt-BR', 'America/Sao_Paulo', '22/11/2026, 14:05'],
    ['2026-11-22T17:05:00-03:00', 'pt-BR', 'America/Sao_Paulo', '22/11/2026, 17:05'],
    ['2026-11-22T17:05:00Z', 'es', 'UTC', '22/11/26, 17:05'],
    ['2026-11-22T17:05:00Z', 'en-US', 'UTC', '11/22/26, 5:05 PM'],
    ['not a date', 'pt-BR', 'UTC', 'not a date'],
  ] as const)('%s in %s (%s) → %j', (iso, language, timeZone, expected) => {
    // ICU versions differ on the space before AM/PM (U+202F or U+0020).
    expect(formatDateTime(iso, language, timeZone).replaceAll('\u202f', ' ')).toBe(expected);
  });
});

describe('formatWallClock (a scanner\'s date and time, no zone)', () => {
  it.each([
    ['2024-05-11 09:30:00', 'pt-BR', '11/05/2024, 09:30:00'],
    ['2024-05-11 09:30:00', 'en-US', '5/11/24, 9:30:00 AM'],
    ['2024-05-11 21:05:07', 'es', '11/5/24, 21:05:07'],
    ['2024-05-11', 'pt-BR', '11/05/2024'],
    ['20240511', 'pt-BR', '20240511'],
  ] as const)('%s in %s → %j', (text, language, expected) => {
    expect(formatWallClock(text, language).replaceAll('\u202f', ' ')).toBe(expected);
  });
});
