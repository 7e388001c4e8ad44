// The one table of a paged list (machines/pagedList) on the tutor's dashboard: its state
// (loader, failure with 'Try again', the empty text), the rows in a sideways-scrolling region
// a keyboard can reach, the pager, and the 401 rule (the session ends). A tab gives its columns.
import '@mantine/core/styles/Table.css';
import { Table } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { Key, ReactNode } from 'react';
import type { PagedListActorRef } from '../../../machines/pagedList/pagedList.machine';
import { useEndSessionWhen } from '../app/session';
import { ListState, Pager } from './PagedListParts';
import { ScrollTable } from './ScrollTable';

export interface Column<TItem> {
  header: string;
  cell: (item: TItem) => ReactNode;
  /** Free text a student wrote (a reason): it may break anywhere. */
  breakAnywhere?: boolean;
}

interface Props<TItem, TFilter> {
  list: PagedListActorRef<TItem, TFilter>;
  /** The table's name (its region's and its pager's too). */
  title: string;
  /** The failure's title. */
  loadFailed: string;
  /** What an empty page says. */
  empty: string;
  columns: readonly Column<TItem>[];
  rowKey: (item: TItem) => Key;
  /** Below this width (px) the table scrolls sideways. */
  minWidth: number;
}

export function ListTable<TItem, TFilter>(props: Props<TItem, TFilter>) {
  const { list, title, loadFailed, empty } = props;
  useEndSessionWhen(useSelector(list, (s) => s.matches('unauthorized')));
  return (
    <>
      <ListState list={list} title={loadFailed} empty={empty}>
        <Rows {...props} />
      </ListState>
      <Pager list={list} label={title} />
    </>
  );
}

function Rows<TItem, TFilter>({ list, title, columns, rowKey, minWidth }: Props<TItem, TFilter>) {
  const items = useSelector(list, (s) => s.context.data?.items ?? []);
  return (
    <ScrollTable label={title} minWidth={minWidth}>
      <Table striped verticalSpacing="sm" aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header}>{column.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={rowKey(item)}>
              {columns.map((column) => (
                <Table.Td
                  key={column.header}
                  style={column.breakAnywhere ? { overflowWrap: 'anywhere' } : undefined}
                >
                  {column.cell(item)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
