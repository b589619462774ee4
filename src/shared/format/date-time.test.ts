import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time.ts';

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
