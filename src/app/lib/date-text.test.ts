import { describe, expect, it } from 'vitest';
import { dateTimeText, dayText, parseDateTimeText, parseDayText } from './date-text.ts';

describe('dates typed in the interface language', () => {
  it.each([
    ['pt-BR', '11/05/2024'],
    ['es', '11/05/2024'],
    ['en-US', '05/11/2024'],
  ])('a day in %s reads %s', (language, text) => {
    expect(dayText('2024-05-11', language)).toBe(text);
    expect(parseDayText(text, language)).toBe('2024-05-11');
    expect(dateTimeText('2024-05-11T09:30', language)).toBe(`${text} 09:30`);
    expect(parseDateTimeText(`${text} 09:30`, language)).toBe('2024-05-11T09:30');
  });

  it.each([
    ['1/5/2024', 'pt-BR', '2024-05-01'],
    ['01-05-2024', 'es', '2024-05-01'],
    ['01052024', 'pt-BR', '2024-05-01'],
    ['1/5/2024', 'en-US', '2024-01-05'],
    ['', 'pt-BR', ''],
    ['31/02/2024', 'pt-BR', null],
    ['13/05/2024', 'en-US', null],
    ['11/05/24', 'pt-BR', null],
    ['11/05', 'pt-BR', null],
    ['ontem', 'pt-BR', null],
  ])('%s in %s → %s', (text, language, expected) => {
    expect(parseDayText(text, language)).toBe(expected);
  });

  it.each([
    ['11/05/2024 0930', '2024-05-11T09:30'],
    ['11/05/2024 9:05:07', '2024-05-11T09:05:07'],
    ['11/05/2024', null],
    ['11/05/2024 24:00', null],
    ['11/05/2024 10:60', null],
  ])('a date-time %s in pt-BR → %s', (text, expected) => {
    expect(parseDateTimeText(text, 'pt-BR')).toBe(expected);
  });
});
