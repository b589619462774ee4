import { describe, expect, it } from 'vitest';
import { stripFormatting, stripNonDigits } from './digits.ts';

describe('stripNonDigits', () => {
  it.each([
    ['937.438.511-21', '93743851121'],
    ['+55 (11) 98765-4321', '5511987654321'],
    ['12.ABC.345/01DE-35', '123450135'],
    ['abc', ''],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(stripNonDigits(input)).toBe(expected);
  });
});

describe('stripFormatting', () => {
  it.each([
    ['12.ABC.345/01DE-35', '12ABC34501DE35'],
    ['12.abc.345/01de-35', '12ABC34501DE35'],
    ['11.222.333/0001-81', '11222333000181'],
    [' ç é _ ', ''],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(stripFormatting(input)).toBe(expected);
  });
});
