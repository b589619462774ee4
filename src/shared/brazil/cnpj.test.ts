import { describe, expect, it } from 'vitest';
import { formatCnpj, isValidCnpj, normalizeCnpj } from './cnpj.ts';

/*
 * Alphanumeric examples checked by hand (value = ASCII − 48: A=17 B=18 C=19 D=20 E=21).
 *
 * 12.ABC.345/01DE-35 (Receita Federal's published example), values 1 2 17 18 19 3 4 5 0 1 20 21:
 *   DV1 = Σ·[5,4,3,2,9,8,7,6,5,4,3,2] = 5+8+51+36+171+24+28+30+0+4+60+42 = 459; 459 mod 11 = 8 → 11−8 = 3
 *   DV2 = Σ·[6,5,4,3,2,9,8,7,6,5,4,3,2] over …,3 = 6+10+68+54+38+27+32+35+0+5+80+63+6 = 424; 424 mod 11 = 6 → 5
 *
 * AB.123.CDE/0001-55, values 17 18 1 2 3 19 20 21 0 0 0 1:
 *   DV1 = 85+72+3+4+27+152+140+126+0+0+0+2 = 611; 611 mod 11 = 6 → 5
 *   DV2 over …,5 = 102+90+4+6+6+171+160+147+0+0+0+3+10 = 699; 699 mod 11 = 6 → 5
 */
describe('CNPJ validation and normalization', () => {
  it.each([
    ['11.222.333/0001-81', '11222333000181'],
    ['11222333000181', '11222333000181'],
    ['42.438.610/0001-11', '42438610000111'], // Dosimagem's own CNPJ (ROTAS.md)
    [' 11 222 333 0001 81 ', '11222333000181'],
    ['12.ABC.345/01DE-35', '12ABC34501DE35'],
    ['12.abc.345/01de-35', '12ABC34501DE35'], // lower case accepted, stored upper-cased
    ['12ABC34501DE35', '12ABC34501DE35'],
    ['AB.123.CDE/0001-55', 'AB123CDE000155'],
    ['11.222.333/0001-82', null], // wrong DV2
    ['11.222.333/0001-71', null], // wrong DV1
    ['12.ABC.345/01DE-36', null],
    ['12.ABD.345/01DE-35', null], // one letter changed
    ['12.ABC.345/01DE-3A', null], // check digits must be numeric
    ['00.000.000/0000-00', null], // all-equal
    ['AAAAAAAAAAAAAA', null],
    ['1122233300018', null], // 13 characters
    ['112223330001811', null], // 15 characters
    ['11.222.333/0001-81!', null], // stray symbol
    ['12.ÁBC.345/01DE-35', null], // accented letter is not A-Z
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(normalizeCnpj(input)).toBe(expected);
    expect(isValidCnpj(input)).toBe(expected !== null);
  });
});

describe('formatCnpj', () => {
  it.each([
    ['11222333000181', '11.222.333/0001-81'],
    ['11.222.333/0001-81', '11.222.333/0001-81'],
    ['12abc34501de35', '12.ABC.345/01DE-35'],
    ['1122233300', '1122233300'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(formatCnpj(input)).toBe(expected);
  });
});
