// One student's history (issue 14): every due oldest first, what was paid and how, what is
// left, and what is owed by today; in a dialog over the Students tab. Renders a pagedList
// whose filter is the student shown (null: the dialog is closed).
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/CloseButton.css';
import { Badge, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  pagedListMachine,
  type PagedListActorRef,
} from '../../../../../../machines/pagedList/pagedList.machine';
import { fetchStudentDues, type DueRow } from '../../../../../api/actors/tutorDues';
import { duePeriodLabel } from '../../../../../domain/duePeriod';
import { formatINR } from '../../../../../domain/money';
import { studentsTexts } from '../../../../../domain/studentsTexts';
import { ListTable, type Column } from '../../../../components/ListTable';
import { DUE_STATUS_COLOR, dueDayText } from '../dues/dueStatus';
import { Modal } from '../../../../components/Dialog';

const t = studentsTexts.history;
const d = studentsTexts.duesTab;

export type HistoryList = PagedListActorRef<DueRow, number | null>;

export const historyMachine = pagedListMachine<DueRow, number | null>().provide({
  actors: { fetchPage: fromPromise(({ input, signal }) => fetchStudentDues(input, signal)) },
});

const howSettled = (due: DueRow) =>
  [due.settledBy ? t.settledBy[due.settledBy] : null, due.note].filter(Boolean).join(': ');

const columns = (): Column<DueRow>[] => [
  {
    header: d.columns.plan,
    cell: (due) => [due.planName, duePeriodLabel(due.period)].filter(Boolean).join(' · '),
  },
  { header: d.columns.dueDate, cell: (due) => dueDayText(due.dueDate) },
  { header: d.columns.amount, cell: (due) => formatINR(due.amount) },
  { header: t.paid, cell: (due) => formatINR(due.paid) },
  { header: d.columns.left, cell: (due) => formatINR(due.left) },
  {
    header: d.columns.status,
    cell: (due) => (
      <Badge color={DUE_STATUS_COLOR[due.status]} variant="light" miw="max-content">
        {d.statuses[due.status]}
      </Badge>
    ),
  },
  { header: t.how, cell: howSettled },
];

/** The dialog of the student `list` is filtered on; `name` is theirs. */
export function StudentHistory({ list, name }: { list: HistoryList; name: string }) {
  const open = useSelector(list, (s) => s.context.filter !== null);
  const owed = useSelector(list, (s) =>
    s.context.data && 'owed' in s.context.data ? (s.context.data.owed as number) : null,
  );
  return (
    <Modal
      opened={open}
      onClose={() => list.send({ type: 'filter.change', filter: null })}
      title={t.title(name)}
      size="xl"
      centered
    >
      <Stack gap="sm">
        {owed !== null ? <Text size="sm">{t.owed(formatINR(owed))}</Text> : null}
        <ListTable
          list={list}
          title={t.title(name)}
          loadFailed={t.loadFailed}
          empty={t.empty}
          columns={columns()}
          rowKey={(due) => String(due.id)}
          minWidth={720}
        />
      </Stack>
    </Modal>
  );
}
