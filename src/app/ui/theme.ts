import { createTheme, darken, type CSSVariablesResolver } from '@mantine/core';
import { readableOn } from './contrast.ts';
import classes from './theme.module.css';

export const theme = createTheme({
  primaryColor: 'cyan',
  // cyan.9 (the manifest's theme colour): white on it, and it on white, pass WCAG AA (5.6:1); cyan.8 does not (4.3:1).
  primaryShade: { light: 9, dark: 6 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  // Every field (text, select, file) takes the buttons' focus ring. A plain object, not `Input.extend(…)`: that
  // would import Mantine's Input (and its wrapper, label, error…) into the start-up bundle of every page. Buttons'
  // labels wrap on narrow screens (theme.module.css).
  components: {
    Input: { classNames: { input: classes.input } },
    Button: { classNames: { root: classes.buttonRoot, inner: classes.buttonInner, label: classes.buttonLabel } },
  },
});

/**
 * WCAG AA (4.5:1) where Mantine's light scheme falls short: "dimmed" text is gray.6 (3.3:1 on white), gray.7
 * instead; placeholders (the file field's is text axe checks) gray.5 (2.1:1); the light variant's text (badges,
 * alert titles) is shade 9 on shade 1–2, 2.7:1 for yellow, 3.8:1 for green: each darkened until it reads on its
 * hover background; a filled button under the pointer goes to shade 8 (white on cyan.8 is 4.3:1): darker instead.
 */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': mantineTheme.colors.gray[7],
    '--mantine-color-placeholder': readableOn(mantineTheme.colors.gray[5], mantineTheme.white),
    ...Object.fromEntries(
      Object.entries(mantineTheme.colors).map(([name, shades]) => [`--mantine-color-${name}-light-color`, readableOn(shades[9], shades[2])]),
    ),
    ...Object.fromEntries(Object.entries(mantineTheme.colors).map(([name, shades]) => [`--mantine-color-${name}-filled-hover`, darken(shades[9], 0.15)])),
    '--mantine-primary-color-filled-hover': darken(mantineTheme.colors[mantineTheme.primaryColor]![9], 0.15),
  },
  dark: {},
});
