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
 * Contrast (WCAG AA, 4.5:1): Mantine's dimmed grey (gray.6), placeholder grey (gray.5), light-variant indigo
 * (shade 6, also as the primary colour's) and red (shade 6: white on a red button, red menu items) are too pale
 * on white and on the light backgrounds; darker shades pass (axe, every screen at 1280 and 375 px).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-indigo-light-color': 'var(--mantine-color-indigo-9)',
    '--mantine-primary-color-light-color': 'var(--mantine-color-indigo-9)',
    '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
