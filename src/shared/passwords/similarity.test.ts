import { describe, expect, it } from 'vitest';
import { quickRatio, similarityRatio } from './similarity.ts';

// Every expected value was produced by CPython's difflib.SequenceMatcher(None, a, b).
describe('similarityRatio (difflib ratio)', () => {
  it.each([
    ['abcd', 'bcde', 0.75],
    ['', '', 1],
    ['abc', '', 0],
    ['abc', 'abc', 1],
    ['password', 'passw0rd', 0.875],
    ['maria.silva', 'mariasilva2024', 0.8],
    ['maria.silva2024', 'maria.silva@example.com', 22 / 38],
    ['maria.silva2024', 'maria', 0.5],
    ['maria.silva2024', 'example', 4 / 22],
    ['xk9#mlq2vr', 'maria@example.com', 6 / 27],
    // The longest block "ab" first, then "cd" to its right; "q", "x", "y" and "f" stay unmatched.
    ['qabxcd', 'abycdf', 8 / 12],
    // One block only: after "a" (earliest of the 1-character ties) nothing remains on both sides.
    ['abcdef', 'fedcba', 2 / 12],
    // Code points, as in Python: "ç" ≠ "c", and the emoji counts once.
    ['açaí', 'acai', 0.5],
    ['😀ab', 'ab', 0.8],
  ])('ratio(%j, %j) = %d', (a, b, expected) => {
    expect(similarityRatio(a, b)).toBeCloseTo(expected, 12);
  });
});

describe('quickRatio (difflib quick_ratio)', () => {
  it.each([
    ['abcd', 'bcde', 0.75],
    ['', '', 1],
    ['abc', '', 0],
    ['abcdef', 'fedcba', 1],
    ['avlis.airam', 'maria.silva', 1],
    ['airam2024', 'maria', 10 / 14],
    ['mariasilva', 'maria.silva@example.com', 20 / 33],
    ['xk9#mlq2vr', 'maria@example.com', 8 / 27],
    ['aab', 'abb', 4 / 6],
  ])('quick_ratio(%j, %j) = %d', (a, b, expected) => {
    expect(quickRatio(a, b)).toBeCloseTo(expected, 12);
  });

  it.each([
    ['abcdef', 'fedcba'],
    ['maria.silva2024', 'maria.silva@example.com'],
    ['qabxcd', 'abycdf'],
    ['airam2024', 'maria'],
  ])('is an upper bound of ratio: %j, %j', (a, b) => {
    expect(quickRatio(a, b)).toBeGreaterThanOrEqual(similarityRatio(a, b));
  });
});
