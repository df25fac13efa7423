import { type CSSVariablesResolver, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 keeps white text on buttons and indigo text on light backgrounds above 4.5:1.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
});

/**
 * Contrast (WCAG AA, 4.5:1): Mantine's dimmed grey (gray.6) and light-variant indigo (shade 6) are too pale
 * on white and on the light backgrounds; one shade darker passes.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-indigo-light-color': 'var(--mantine-color-indigo-8)',
  },
  dark: {},
});
