import { describe, expect, it } from 'vitest';
import { roundHalfEven2 } from './python-round.ts';

// Expected values are what CPython 3 prints for round(x, 2).
describe('roundHalfEven2 rounds as Python round(x, 2)', () => {
  it.each([
    [0.125, 0.12], [0.375, 0.38], [0.625, 0.62], [0.875, 0.88], [2.675, 2.67], [1.005, 1.0], [1.015, 1.01], [1.025, 1.02],
    [0.285, 0.28], [-0.125, -0.12], [-2.675, -2.67], [12345.125, 12345.12], [12345.375, 12345.38], [0.005, 0.01],
    [0.015, 0.01], [1e-9, 0], [7.5, 7.5], [3.14159, 3.14],
  ])('round(%s, 2) = %s', (x, expected) => {
    expect(roundHalfEven2(x)).toBe(expected);
  });
});
