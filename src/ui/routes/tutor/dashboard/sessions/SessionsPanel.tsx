// The tutor dashboard's Sessions tab (issue 5, D1): the sessions booked with the tutor, the
// upcoming ones first (soonest first), or every one (latest first); IST times (D21).
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Title.css';
import { SegmentedControl, Stack, Table, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  pagedListMachine,
  type Page,
  type PageRequest,
} from '../../../../../../machines/pagedList/pagedList.machine';
import {
  fetchSessions,
  type SessionFilter,
  type SessionRow,
} from '../../../../../api/actors/tutorMoney';
import { dashboardTexts } from '../../../../../domain/dashboardTexts';
import { formatINR } from '../../../../../domain/money';
import { istDateTime, useListLogout } from '../payments/listParts';
import { ListState, Pager } from '../../../../components/PagedListParts';
import type { TutorTabPanelProps } from '../tutorTabs';
import { ScrollTable } from '../../../../components/ScrollTable';

const t = dashboardTexts.tutor.sessions;

const sessionsListMachine = pagedListMachine<SessionRow, SessionFilter>();
type SessionsListRef = ReturnType<typeof useActorRef<typeof sessionsListMachine>>;

const providedList = sessionsListMachine.provide({
  actors: {
    fetchPage: fromPromise<Page<SessionRow>, PageRequest<SessionFilter>>(({ input, signal }) =>
      fetchSessions(input, signal),
    ),
  },
});

function SessionsTable({ list }: { list: SessionsListRef }) {
  const rows = useSelector(list, (s) => s.context.data?.items ?? []);
  return (
    <ScrollTable label={t.title} minWidth={560}>
      <Table striped verticalSpacing="sm" aria-label={t.title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.columns.when}</Table.Th>
            <Table.Th>{t.columns.student}</Table.Th>
            <Table.Th>{t.columns.subject}</Table.Th>
            <Table.Th>{t.columns.amount}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{istDateTime(row.startsAt)}</Table.Td>
              <Table.Td>{row.studentName}</Table.Td>
              <Table.Td>{row.subject}</Table.Td>
              <Table.Td>{formatINR(row.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

export function SessionsPanel(_props: TutorTabPanelProps) {
  const list = useActorRef(providedList, { input: { filter: { upcoming: true } } });
  const upcoming = useSelector(list, (s) => s.context.filter.upcoming);
  useListLogout(list);
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t.title}
      </Title>
      <SegmentedControl
        aria-label={t.showLabel}
        value={upcoming ? 'upcoming' : 'all'}
        onChange={(value) =>
          list.send({ type: 'filter.change', filter: { upcoming: value === 'upcoming' } })
        }
        data={[
          { value: 'upcoming', label: t.upcoming },
          { value: 'all', label: t.past },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <ListState list={list} title={t.loadFailed} empty={upcoming ? t.emptyUpcoming : t.empty}>
        <SessionsTable list={list} />
      </ListState>
      <Pager list={list} label={t.title} />
    </Stack>
  );
}
