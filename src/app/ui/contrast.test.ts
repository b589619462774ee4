import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { contrastRatio, readableOn } from './contrast.ts';
import { cssVariablesResolver, theme } from './theme.ts';

describe('text colours readable on their background (WCAG AA, issue 29)', () => {
  it('measures as WCAG does: black on white 21:1, a colour on itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#087f5b', '#087f5b')).toBe(1);
  });

  it("darkens Mantine's light-variant text (shade 9) until it reads at 4.5:1 on the hover background (shade 2)", () => {
    const { yellow, teal } = DEFAULT_THEME.colors;
    expect(contrastRatio(yellow[9], yellow[2])).toBeLessThan(3);
    expect(contrastRatio(readableOn(yellow[9], yellow[2]), yellow[2])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(readableOn(teal[9], teal[2]), teal[2])).toBeGreaterThanOrEqual(4.5);
  });

  it('leaves a colour that already reads as it is', () => {
    expect(readableOn('#000000', '#ffffff')).toBe('#000000');
  });

  it('white on a filled button under the pointer reads at 4.5:1 in every colour (Mantine hovers to shade 8: 4.3:1 for cyan)', () => {
    const merged = mergeMantineTheme(DEFAULT_THEME, theme);
    const light = cssVariablesResolver(merged).light as Record<string, string>;
    expect(contrastRatio('#ffffff', merged.colors.cyan[8])).toBeLessThan(4.5);
    for (const name of ['cyan', 'red', 'green', 'teal', 'blue']) expect(contrastRatio('#ffffff', light[`--mantine-color-${name}-filled-hover`]!)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#ffffff', light['--mantine-primary-color-filled-hover']!)).toBeGreaterThanOrEqual(4.5);
  });
});
