import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'cyan',
  // cyan.9 (the manifest's theme colour): white on it, and it on white, pass WCAG AA (5.6:1); cyan.8 does not (4.3:1).
  primaryShade: { light: 9, dark: 6 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
});

/** Mantine's "dimmed" text is gray.6, 3.3:1 on white (WCAG AA needs 4.5:1): gray.7 instead. */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => ({
  variables: {},
  light: { '--mantine-color-dimmed': mantineTheme.colors.gray[7] },
  dark: {},
});
