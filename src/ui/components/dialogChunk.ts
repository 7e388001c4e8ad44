// The code of every dialog and bottom sheet (Dialog.tsx loads it after first paint): Mantine's
// Modal and Drawer with what they bring, a modal base, focus trap, scroll lock, portal and
// scroll area, and their styles.
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Drawer.css';

export { Drawer, Modal } from '@mantine/core';
