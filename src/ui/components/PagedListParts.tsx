// The parts around a paged list (machines/pagedList), for every dashboard list: the list's state
// (loader before the first page, the failure with 'Try again', the empty text) and the pager.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { pageCount, type PagedListActorRef } from '../../../machines/pagedList/pagedList.machine';
import { dashboardTexts } from '../../domain/dashboardTexts';

const common = dashboardTexts.common;

/** Previous / 'Page 2 of 5' / Next, when the list spans more than one page. */
export function Pager<TItem, TFilter>({
  list,
  label,
}: {
  list: PagedListActorRef<TItem, TFilter>;
  label: string;
}) {
  const page = useSelector(list, (s) => s.context.page);
  const pages = useSelector(list, (s) => pageCount(s.context.data));
  const loading = useSelector(list, (s) => s.hasTag('loading'));
  if (pages <= 1) return null;
  return (
    <Group component="nav" aria-label={label} justify="space-between" mt="md" wrap="nowrap">
      <Button
        variant="default"
        size="sm"
        disabled={page <= 1 || loading}
        onClick={() => list.send({ type: 'page.goto', page: page - 1 })}
      >
        {common.previous}
      </Button>
      <Text size="sm">{common.pageOf(page, pages)}</Text>
      <Button
        variant="default"
        size="sm"
        disabled={page >= pages || loading}
        onClick={() => list.send({ type: 'page.goto', page: page + 1 })}
      >
        {common.next}
      </Button>
    </Group>
  );
}

/**
 * The list's state around its rows: a loader before the first page, the failure with 'Try
 * again', the empty text; else the rows (`children`), which stay while the next page loads.
 */
export function ListState<TItem, TFilter>({
  list,
  title,
  empty,
  children,
}: {
  list: PagedListActorRef<TItem, TFilter>;
  title: string;
  empty: string;
  children: ReactNode;
}) {
  const failed = useSelector(list, (s) => s.hasTag('error'));
  const error = useSelector(list, (s) => s.context.error);
  const hasData = useSelector(list, (s) => s.context.data !== null);
  const count = useSelector(list, (s) => s.context.data?.count ?? 0);
  if (failed) {
    return (
      <Alert color="red" title={title} role="alert">
        <Text size="sm">{error}</Text>
        <Button
          mt="sm"
          size="xs"
          variant="light"
          onClick={() => list.send({ type: 'list.reload' })}
        >
          {common.retry}
        </Button>
      </Alert>
    );
  }
  if (!hasData) return <Loader size="sm" aria-label={common.loading} />;
  if (count === 0) return <Text c="dimmed">{empty}</Text>;
  return <>{children}</>;
}
