import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 keeps white text on buttons and indigo text on light backgrounds above 4.5:1.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    // Mantine's focus placeholder is a child of role="menu" that is no menu item, which axe calls critical
    // (aria-required-children); focus goes to the menu itself instead.
    // A plain object, not Menu.extend: importing Menu here would put it in the login screen's bundle.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});
// Contrast overrides of Mantine's colours live in global.css (CSS, not JavaScript the login screen downloads).
