// The Mantine theme: a calm blue, text sized for small phones, system fonts (nothing to
// download on a slow network).
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { readIn, type Locale } from '../../domain/locale';
import { messages } from '../../domain/messages';

// Shade 7 is the primary: white text on it has a contrast of about 5.2:1 (WCAG AA).
const calmBlue: MantineColorsTuple = [
  '#eaf3fb',
  '#d4e5f6',
  '#a9cbec',
  '#7bafe2',
  '#5497d9',
  '#3b88d3',
  '#2b7dcc',
  '#1a6fb8',
  '#0f60a3',
  '#00528f',
];

const themes = new Map<Locale, ReturnType<typeof createTheme>>();

/** The theme in `locale`: it names the dialogs' close buttons, so each language has its own. */
export function themeIn(locale: Locale) {
  let theme = themes.get(locale);
  if (!theme) {
    theme = readIn(locale, makeTheme);
    themes.set(locale, theme);
  }
  return theme;
}

const makeTheme = () =>
  createTheme({
    primaryColor: 'calmBlue',
    colors: { calmBlue },
    primaryShade: 7,
    // Readable on a 360px phone: body text 16px, nothing below 13px.
    fontSizes: {
      xs: '0.8125rem',
      sm: '0.9375rem',
      md: '1rem',
      lg: '1.125rem',
      xl: '1.25rem',
    },
    lineHeights: { xs: '1.45', sm: '1.5', md: '1.55', lg: '1.55', xl: '1.6' },
    headings: {
      fontWeight: '650',
      sizes: {
        h1: { fontSize: '1.625rem', lineHeight: '1.3' },
        h2: { fontSize: '1.375rem', lineHeight: '1.35' },
        h3: { fontSize: '1.1875rem', lineHeight: '1.4' },
      },
    },
    defaultRadius: 'md',
    cursorType: 'pointer',
    respectReducedMotion: true,
    // A close (×) button has a name a screen reader can say (WCAG 4.1.2, issue 13). Plain
    // objects, not Modal.extend(): importing the components here would put them in the entry.
    components: {
      // A dialog's <header> would be a second page banner beside the product's (axe's
      // landmark-no-duplicate-banner): it is the dialog's title row, not a landmark.
      Modal: {
        defaultProps: {
          closeButtonProps: { 'aria-label': messages.generic.closeDialog },
          attributes: { header: { role: 'presentation' } },
        },
      },
      Drawer: {
        defaultProps: {
          closeButtonProps: { 'aria-label': messages.generic.closeDialog },
          attributes: { header: { role: 'presentation' } },
        },
      },
      // A value fills its row, so money with ta="right" lines up on the right, in figures of one
      // width (issue 13: amounts sat left in a second column that did not line up).
      DataList: { styles: { itemValue: { flex: 1, fontVariantNumeric: 'tabular-nums' } } },
    },
  });

/**
 * WCAG AA (issue 13): Mantine's dimmed text (labels such as 'Amount', helper lines, the consent
 * text) is gray 6, 3.3:1 on white; this grey is 6.1:1 on white and 5.8:1 on gray 0. Its error
 * red (red 6) is 3.6:1; red 9 is 5.4:1.
 */
export const DIMMED_TEXT = '#5c636a';
const ERROR_TEXT = 'var(--mantine-color-red-9)';

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    // Text of light badges and alerts: Mantine's shade 6 is 2-3:1 on its own tint; these are
    // above 4.5:1 on it (axe found the links table's status badges).
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
    '--mantine-color-teal-light-color': '#066649',
    '--mantine-color-green-light-color': '#1d6b30',
    '--mantine-color-yellow-light-color': '#7a4a00',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    '--mantine-color-gray-light-color': 'var(--mantine-color-gray-8)',
    '--mantine-color-dimmed': DIMMED_TEXT,
    '--mantine-color-placeholder': DIMMED_TEXT,
    '--mantine-color-error': ERROR_TEXT,
  },
  dark: {},
});
