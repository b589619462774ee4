import { describe, expect, it } from 'vitest';
import { dateTimeText, dayText, parseDateTimeText, parseDayText } from './date-text.ts';

describe('dates typed in the interface language', () => {
  it.each([
    ['pt-BR', '11/05/2024', '09:30', '21:15'],
    ['es', '11/05/2024', '09:30', '21:15'],
    ['en-US', '05/11/2024', '9:30 AM', '9:15 PM'],
  ])('a day in %s reads %s, its times %s and %s', (language, text, morning, evening) => {
    expect(dayText('2024-05-11', language)).toBe(text);
    expect(parseDayText(text, language)).toBe('2024-05-11');
    expect(dateTimeText('2024-05-11T09:30', language)).toBe(`${text} ${morning}`);
    expect(parseDateTimeText(`${text} ${morning}`, language)).toBe('2024-05-11T09:30');
    expect(dateTimeText('2024-05-11T21:15', language)).toBe(`${text} ${evening}`);
    expect(parseDateTimeText(`${text} ${evening}`, language)).toBe('2024-05-11T21:15');
  });

  it.each([
    ['05/11/2024 12:05 AM', '2024-05-11T00:05'],
    ['05/11/2024 12:05 pm', '2024-05-11T12:05'],
    ['05/11/2024 7:00 p.m.', '2024-05-11T19:00'],
    ['05/11/2024 19:00', '2024-05-11T19:00'],
    ['05/11/2024 13:00 PM', null],
    ['05/11/2024 0:30 AM', null],
  ])('a date-time %s in en-US → %s', (text, expected) => {
    expect(parseDateTimeText(text, 'en-US')).toBe(expected);
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
