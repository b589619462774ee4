import { describe, expect, it } from 'vitest';
import { normalizedRate, usdCentsToBrlCents } from './currency.ts';

describe('USD → BRL for a subscription boleto', () => {
  it.each([
    [6000, '5.50', 33000],
    [22000, '5.50', 121000],
    [6000, '5.4321', 32593],
    [1, '5.5', 6],
    [1, '0.4999', 0],
    [1, '0.5', 1],
    [22000, '123.4567', 2716047],
  ])('%i US cents at %s → %i centavos (half up, exact)', (usd, rate, brl) => {
    expect(usdCentsToBrlCents(usd, rate)).toBe(brl);
  });

  it('keeps the rate with 4 decimals; refuses what is not a rate', () => {
    expect(normalizedRate('5.5')).toBe('5.5000');
    expect(() => normalizedRate('5,50')).toThrow();
  });
});
