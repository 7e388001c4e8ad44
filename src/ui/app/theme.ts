// The Mantine theme: a calm blue, text sized for small phones, system fonts (nothing to
// download on a slow network).
import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
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
});
