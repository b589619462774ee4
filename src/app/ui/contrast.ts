import { darken, luminance } from '@mantine/core';

/** WCAG 2's contrast ratio of two opaque colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color`, darkened in small steps until it reaches `ratio` against `background` (WCAG AA for text: 4.5). */
export function readableOn(color: string, background: string, ratio = 4.5): string {
  let readable = color;
  for (let step = 1; contrastRatio(readable, background) < ratio && step <= 20; step += 1) readable = darken(color, step * 0.05);
  return readable;
}
