import { createTheme } from '@mantine/core';

// Blue 7 on white passes WCAG AA for text and buttons; the default blue 6 is too light for small text.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 7,
  defaultRadius: 'md',
});
