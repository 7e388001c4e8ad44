import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Burger.css';
import { Burger, Container } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { BREAKPOINT_PROFILE_DRAWER_PX } from '../../domain/constants';
import { messages, PRODUCT_NAME } from '../../domain/messages';
import type { PublicDrawer as PublicDrawerType } from './PublicDrawer';
import { loadOnce } from './loadOnce';
import classes from './PublicLayout.module.css';

/** The public pages' navigation (spec §2), in the spec's order. */
// A function: the labels follow the screens' language (issue 15).
export const publicNav = () => [
  { to: '/', label: messages.nav.home },
  { to: '/tutors', label: messages.nav.tutors },
  { to: '/why-choose-us', label: messages.nav.whyChooseUs },
  { to: '/testimonials', label: messages.nav.testimonials },
  { to: '/contact', label: messages.nav.contact },
];

/** The same width as the CSS media query of PublicLayout.module.css. */
export const DRAWER_MEDIA_QUERY = `(max-width: ${BREAKPOINT_PROFILE_DRAWER_PX}px)`;

const loadDrawer = loadOnce(() => import('./PublicDrawer'));

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return publicNav().map(({ to, label }) => (
    <NavLink key={to} to={to} end className={classes.navLink} onClick={onNavigate}>
      {label}
    </NavLink>
  ));
}

/**
 * Product name and the five links: inline on wide screens, behind a burger that opens a side
 * drawer at BREAKPOINT_PROFILE_DRAWER_PX or less. Which of the two shows is CSS, so the first
 * paint is right; the drawer's code arrives after first paint.
 */
export function PublicHeader() {
  const [opened, { open, close }] = useDisclosure(false);
  const [Drawer, setDrawer] = useState<typeof PublicDrawerType | null>(null);
  const narrow = useMediaQuery(DRAWER_MEDIA_QUERY, false, { getInitialValueInEffect: false });

  useEffect(() => {
    // A small screen will want the drawer: fetch it now, off the first paint.
    if (narrow) loadDrawer().catch(() => {});
    // A phone turned to landscape (or a window made wider) leaves the drawer's width.
    else close();
  }, [narrow, close]);

  const openMenu = useCallback(() => {
    loadDrawer().then(
      (chunk) => {
        setDrawer(() => chunk.PublicDrawer);
        open();
      },
      // Offline: the burger stays as it is and can be tapped again.
      () => {},
    );
  }, [open]);

  return (
    <header className={classes.header}>
      <Container size="md" className={classes.headerInner}>
        <Link to="/" className={classes.brand}>
          {PRODUCT_NAME}
        </Link>
        <nav aria-label={messages.publicPages.mainNav} className={classes.inlineNav}>
          <NavLinks />
        </nav>
        <div className={classes.burgerBox}>
          <Burger
            opened={opened}
            onClick={opened ? close : openMenu}
            aria-label={messages.publicPages.openMenu}
            aria-expanded={opened}
          />
        </div>
      </Container>
      {Drawer && (
        <Drawer opened={opened} onClose={close}>
          <NavLinks onNavigate={close} />
        </Drawer>
      )}
    </header>
  );
}
