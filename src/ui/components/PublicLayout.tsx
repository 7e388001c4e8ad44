import '@mantine/core/styles/Container.css';
import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';
import classes from './PublicLayout.module.css';

/**
 * The frame of every public page (spec §2, D23): header with the five links (a drawer on small
 * screens), the page, and a footer with the tutor's policy links when `username` is given.
 */
export function PublicLayout({
  username,
  children,
}: {
  /** The tutor the page belongs to (profile and policy pages). */
  username?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={classes.page}>
      <PublicHeader />
      <Container component="main" size="sm" py="xl" className={classes.main}>
        {children}
      </Container>
      <PublicFooter username={username} />
    </div>
  );
}
