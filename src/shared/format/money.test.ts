import { describe, expect, it } from 'vitest';
import { formatBrl, formatUsd, formatUsdIn } from './money.ts';

describe('money formats', () => {
  it.each([
    [60, '$60.00'],
    [220, '$220.00'],
    [1234.5, '$1,234.50'],
  ])('USD %d → %s', (value, expected) => {
    expect(formatUsd(value)).toBe(expected);
  });

  it.each([
    [10000, 'R$\u00a010.000,00'],
    [0.5, 'R$\u00a00,50'],
  ])('BRL %d → %s (ICU puts a no-break space after R$)', (value, expected) => {
    expect(formatBrl(value)).toBe(expected);
  });

  it.each([
    ['en-US', '$60.00'],
    ['pt-BR', 'US$\u00a060,00'],
    ['es', '60,00\u00a0US$'],
  ] as const)('a subscription price in %s → %s', (language, expected) => {
    expect(formatUsdIn(60, language)).toBe(expected);
  });
});
