import { describe, expect, it } from 'vitest';
import { formatCpf, isValidCpf, normalizeCpf } from './cpf.ts';

describe('CPF validation and normalization', () => {
  it.each([
    // 937.438.511-21 is the example in Dosimagem's ROTAS.md; 529.982.247-25 a widely published test CPF.
    ['937.438.511-21', '93743851121'],
    ['93743851121', '93743851121'],
    [' 529.982.247-25 ', '52998224725'],
    ['529 982 247 25', '52998224725'],
    // DV1: Σ=210, r=1 < 2 → 0; DV2: Σ=255, r=2 → 9.
    ['123.456.789-09', '12345678909'],
    ['937.438.511-22', null], // wrong DV2
    ['937.438.511-11', null], // wrong DV1
    ['111.111.111-11', null], // all-equal passes the arithmetic but is invalid
    ['000.000.000-00', null],
    ['99999999999', null],
    ['9374385112', null], // 10 digits
    ['937438511210', null], // 12 digits
    ['937.438.511-2a', null], // letters are not formatting
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(normalizeCpf(input)).toBe(expected);
    expect(isValidCpf(input)).toBe(expected !== null);
  });
});

describe('formatCpf', () => {
  it.each([
    ['93743851121', '937.438.511-21'],
    ['937.438.511-21', '937.438.511-21'],
    ['11111111111', '111.111.111-11'], // display only: formats without validating
    ['1234', '1234'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(formatCpf(input)).toBe(expected);
  });
});
