// The tutor dashboard's Sessions tab (issue 5, D1): the sessions booked with the tutor, the
// upcoming ones first (soonest first), or every one (latest first); IST times (D21).
import '../../../../components/segmentedControlStyles';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { SegmentedControl, Stack, Title } from '@mantine/core';
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
import { istDateTime } from '../payments/listParts';
import { ListTable, type Column } from '../../../../components/ListTable';
import type { TutorTabPanelProps } from '../tutorTabs';

const t = dashboardTexts.tutor.sessions;

const sessionsListMachine = pagedListMachine<SessionRow, SessionFilter>();

const providedList = sessionsListMachine.provide({
  actors: {
    fetchPage: fromPromise<Page<SessionRow>, PageRequest<SessionFilter>>(({ input, signal }) =>
      fetchSessions(input, signal),
    ),
  },
});

const columns: Column<SessionRow>[] = [
  { header: t.columns.when, cell: (row) => istDateTime(row.startsAt) },
  { header: t.columns.student, cell: (row) => row.studentName },
  { header: t.columns.subject, cell: (row) => row.subject },
  { header: t.columns.amount, cell: (row) => formatINR(row.amount) },
];

export function SessionsPanel(_props: TutorTabPanelProps) {
  const list = useActorRef(providedList, { input: { filter: { upcoming: true } } });
  const upcoming = useSelector(list, (s) => s.context.filter.upcoming);
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
      <ListTable
        list={list}
        title={t.title}
        loadFailed={t.loadFailed}
        empty={upcoming ? t.emptyUpcoming : t.empty}
        columns={columns}
        rowKey={(row) => row.id}
        minWidth={560}
      />
    </Stack>
  );
}
