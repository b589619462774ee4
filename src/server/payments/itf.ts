/**
 * Interleaved 2 of 5 (ITF), the boleto barcode's symbology: digits in pairs, the first drawn by five bars, the
 * second by the five spaces between them, two of each five wide.
 */

const DIGIT_WIDTHS = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'] as const;
const START = 'nnnn';
const STOP = 'wnn';

/** Element widths, bar first and alternating bar/space: `n` narrow, `w` wide. Needs an even count of digits. */
export function itfPattern(digits: string): string {
  if (!/^(\d\d)+$/.test(digits)) throw new RangeError('ITF encodes an even number of digits');
  let pattern = START;
  for (let i = 0; i < digits.length; i += 2) {
    const bars = DIGIT_WIDTHS[Number(digits[i])]!;
    const spaces = DIGIT_WIDTHS[Number(digits[i + 1])]!;
    for (let k = 0; k < 5; k++) pattern += bars[k]! + spaces[k]!;
  }
  return pattern + STOP;
}
