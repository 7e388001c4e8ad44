// A dashboard table that is wider than a phone: it scrolls sideways in a region that a
// keyboard can reach (Tab, then the arrow keys) and a screen reader names (WCAG 2.1.1,
// axe's scrollable-region-focusable; issue 13: the payments table was cut at 'Amour…').
import '@mantine/core/styles/Table.css';
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { messages } from '../../domain/messages';

export function ScrollTable({
  label,
  minWidth,
  children,
}: {
  /** The table's name; the region is '<label> (scrolls sideways)'. */
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={messages.generic.scrollRegion(label)}
    >
      {children}
    </Table.ScrollContainer>
  );
}
