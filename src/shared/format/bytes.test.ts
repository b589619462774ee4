import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes.ts';

describe('formatBytes', () => {
  it.each([
    [8 * 1024 ** 2, 'pt-BR', '8 MB'],
    [1.5 * 1024 ** 3, 'pt-BR', '1,5 GB'],
    [1.5 * 1024 ** 3, 'en-US', '1.5 GB'],
    [2.5 * 1024 ** 2, 'es', '2,5 MB'],
    [900, 'en-US', '900 B'],
  ] as const)('%d bytes in %s → %s', (bytes, language, expected) => {
    expect(formatBytes(bytes, language)).toBe(expected);
  });
});
