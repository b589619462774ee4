import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type PasswordProblem, passwordProblems } from './rules.ts';

const SHORT = 'validation.passwordTooShort';
const LONG = 'validation.passwordTooLong';
const COMMON = 'validation.passwordTooCommon';
const NUMERIC = 'validation.passwordEntirelyNumeric';
const SIMILAR = 'validation.passwordTooSimilar';

describe('password length limits', () => {
  it('are 8 and 128', () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([8, 128]);
  });
});

describe('passwordProblems', () => {
  it.each<[string, string | null | undefined, PasswordProblem[]]>([
    ['xY7', undefined, [SHORT]],
    // "abc" is also on the common list, as it is on Django's.
    ['abc', undefined, [SHORT, COMMON]],
    ['', undefined, [SHORT]],
    ['12345678', undefined, [COMMON, NUMERIC]],
    ['87293641', undefined, [NUMERIC]],
    ['password', undefined, [COMMON]],
    // Case-insensitive and trimmed, as Django's password.lower().strip().
    ['PassWord', undefined, [COMMON]],
    ['  password  ', undefined, [COMMON]],
    ['Tr0ub4dor&3', undefined, []],
    ['Tr0ub4dor&3', 'maria@example.com', []],
    // Code points, as Python's len(): eight emoji are eight characters.
    ['😀'.repeat(8), undefined, []],
    ['😀'.repeat(7), undefined, [SHORT]],
    // Python's isdigit() accepts the decimal digits of every script.
    ['٨٧٢٩٣٦٤١', undefined, [NUMERIC]],
    ['１２３４５６７８', undefined, [NUMERIC]],
    ['1234 5678', undefined, []],
    ['x'.repeat(PASSWORD_MAX_LENGTH + 1), undefined, [LONG]],
    ['aB3$'.repeat(PASSWORD_MAX_LENGTH / 4), undefined, []],
    ['1'.repeat(PASSWORD_MAX_LENGTH + 1), undefined, [LONG, NUMERIC]],
  ])('%j (e-mail %j) → %j', (password, email, expected) => {
    expect(passwordProblems(password, email)).toEqual(expected);
  });

  describe('similarity to the e-mail (Django: quick_ratio ≥ 0.7 against the address and its parts)', () => {
    it.each<[string, string | null | undefined, PasswordProblem[]]>([
      ['Xk9#mLq2vR', 'maria@example.com', []],
      // v1 accepted this one: against "maria" and "silva" it scores 0.5, against the address 22/38 ≈ 0.58.
      ['maria.silva2024', 'maria.silva@example.com', []],
      ['silva2024', 'maria.silva@example.com', [SIMILAR]],
      ['maria2024', 'maria.silva@example.com', [SIMILAR]],
      ['Maria2024', 'MARIA.Silva@Example.COM', [SIMILAR]],
      // quick_ratio ignores order: v1 rejected "maria" backwards too.
      ['airam2024', 'maria.silva@example.com', [SIMILAR]],
      ['maria.silva@example.com', 'maria.silva@example.com', [SIMILAR]],
      // Unicode word characters, as Python's \W: the part is "conceição", not "concei" and "o".
      ['conceição2024', 'conceição.souza@example.com', [SIMILAR]],
      ['maria2024', null, []],
      ['maria2024', '', []],
      ['12345678', 'maria@example.com', [COMMON, NUMERIC]],
      // Every problem at once, in checking order.
      ['1234567', '1234567@example.com', [SHORT, COMMON, NUMERIC, SIMILAR]],
    ])('%j (e-mail %j) → %j', (password, email, expected) => {
      expect(passwordProblems(password, email)).toEqual(expected);
    });
  });
});
