// The side drawer of the public header (spec §2: at BREAKPOINT_PROFILE_DRAWER_PX or less). Its
// own chunk: Mantine's Drawer (modal base, focus trap, portal, transitions) is the largest piece
// of the public pages, and only small screens ever open it. PublicHeader loads it after first
// paint on small screens, or on the first tap of the burger.
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { messages } from '../../domain/messages';
import classes from './PublicLayout.module.css';

export function PublicDrawer({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  /** The navigation links. */
  children: ReactNode;
}) {
  // Composed from its parts so its header is a plain div: Mantine's is a <header>, a second
  // banner landmark beside the page's own (axe, issue 13).
  return (
    <Drawer.Root opened={opened} onClose={onClose} position="left" size="75%">
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header component="div">
          <Drawer.Title>{messages.publicPages.menu}</Drawer.Title>
          <Drawer.CloseButton aria-label={messages.publicPages.closeMenu} />
        </Drawer.Header>
        <Drawer.Body>
          <nav aria-label={messages.publicPages.menu} className={classes.drawerNav}>
            {children}
          </nav>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
