import { Anchor, createTheme, Drawer, Modal, Notification } from '@mantine/core';

// Blue 8 on white (and white on blue 8) passes WCAG AA for small text; the default blue 6 does not.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'md',
  // People who ask their system for less motion get no sliding drawers or fading dialogs.
  respectReducedMotion: true,
  // A link in a sentence must not be told apart by its colour alone.
  components: {
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // An icon-only close button needs a name for screen readers.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } }),
  },
});
