// The month's dues as the tutor keeps them (D146, D239): the dues the filters leave (a search,
// a status, a batch), amounts right-aligned in tabular figures, a totals row, and each owed
// due's actions, narrow enough to fit a 1280 px screen: Paid in cash (D237) and Link, the others
// under More; a phone scrolls it sideways. 'Remind all overdue' sits below. Renders the duesTab
// machine's dues, filter, cash, waive, remind, remindAll, link and settleOther children.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Table.css';
import { Badge, Button, Group, Menu, Stack, Table, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { CashEntryActorRef } from '../../../../../../machines/cashEntry/cashEntry.machine';
import type { ConfirmActionActorRef } from '../../../../../../machines/confirmAction/confirmAction.machine';
import type { DueLinkActorRef } from '../../../../../../machines/dueLink/dueLink.machine';
import type { DueSettleOtherActorRef } from '../../../../../../machines/dueSettleOther/dueSettleOther.machine';
import type { DuesFilterActorRef } from '../../../../../../machines/duesFilter/duesFilter.machine';
import type { DueRow } from '../../../../../../machines/duesTab/dueRows';
import type { PagedListActorRef } from '../../../../../../machines/pagedList/pagedList.machine';
import type { RemindAllActorRef } from '../../../../../../machines/remindAll/remindAll.machine';
import { OPEN_SHOWN_DUE_STATUSES, type ShownDueStatus } from '../../../../../domain/dues';
import { duesTotals, isOverdue, pickDues } from '../../../../../domain/duesLedger';
import { formatIstDate } from '../../../../../domain/istDate';
import { formatINR } from '../../../../../domain/money';
import { batchesOf } from '../../../../../domain/students';
import { studentsTexts } from '../../../../../domain/studentsTexts';
import { istDateKey } from '../../../../../domain/time';
import { useClock } from '../../../../app/clock';
import { ListState } from '../../../../components/PagedListParts';
import { ScrollTable } from '../../../../components/ScrollTable';
import { ConfirmDialog, ConfirmDone } from '../links/ConfirmDialog';
import { CashEntryDialog } from './CashEntryDialog';
import { DueLinkDialog } from './DueLinkDialog';
import { DuesFilters } from './DuesFilters';
import { RemindAllOverdue } from './RemindAllOverdue';
import { SettleOtherDialog } from './SettleOtherDialog';
import { DUE_STATUS_COLOR } from './dueStatus';

const t = studentsTexts.duesTab;
const owed = (due: DueRow) =>
  (OPEN_SHOWN_DUE_STATUSES as readonly ShownDueStatus[]).includes(due.status);
const money = {
  ta: 'right',
  style: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
} as const;
/** '5th February' (the month is the tab's). */
const dayOf = (key: string) => formatIstDate(new Date(`${key}T12:00:00+05:30`));

/** What a tutor can do to an owed due. */
interface DueActions {
  cash: (due: DueRow) => void;
  link: (due: DueRow) => void;
  other: (due: DueRow) => void;
  waive: (due: DueRow) => void;
  remind: (due: DueRow) => void;
}

interface ConfirmedAction {
  actor: ConfirmActionActorRef;
  /** What the confirm is about: the due (waive) or its student (remind). */
  targetOf: (due: DueRow) => string;
  title: string;
  question: (due: DueRow) => string;
  yes: string;
  done: string;
}

/** One of a due's actions behind its confirm: what it asks, and that it went through. */
function DueActionDialog({ action, items }: { action: ConfirmedAction; items: DueRow[] }) {
  const target = useSelector(action.actor, (s) => s.context.target);
  const due = items.find((d) => action.targetOf(d) === target) ?? null;
  return (
    <>
      <ConfirmDone actor={action.actor} text={action.done} />
      <ConfirmDialog
        actor={action.actor}
        texts={
          due
            ? {
                title: action.title,
                question: action.question(due),
                yes: action.yes,
                no: t.keep,
                close: t.close,
              }
            : null
        }
      />
    </>
  );
}

function Actions({ due, act }: { due: DueRow; act: DueActions }) {
  const aria = (label: string) => t.actionAria(label, due.studentName);
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="light"
        aria-label={aria(t.paidCash)}
        onClick={() => act.cash(due)}
      >
        {t.paidCash}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        aria-label={aria(t.link)}
        onClick={() => act.link(due)}
      >
        {t.link}
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="compact-sm" variant="subtle" aria-label={t.moreAria(due.studentName)}>
            {t.more}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => act.other(due)}>{t.paidOther}</Menu.Item>
          <Menu.Item onClick={() => act.remind(due)}>{t.remind}</Menu.Item>
          <Menu.Item onClick={() => act.waive(due)}>{t.waive}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

export interface DuesTableProps {
  list: PagedListActorRef<DueRow, string>;
  filter: DuesFilterActorRef;
  cash: CashEntryActorRef;
  waive: ConfirmActionActorRef;
  remind: ConfirmActionActorRef;
  remindAll: RemindAllActorRef;
  link: DueLinkActorRef;
  settleOther: DueSettleOtherActorRef;
}

export function DuesTable(props: DuesTableProps) {
  const { list, filter, cash, waive, remind, remindAll, link, settleOther } = props;
  const now = useClock();
  const items = useSelector(list, (s) => s.context.data?.items ?? []);
  const query = useSelector(filter, (s) => s.context);
  const rows = useMemo(() => pickDues(items, query), [items, query]);
  const batches = useMemo(() => batchesOf(items), [items]);
  const totals = duesTotals(rows);
  const linkedDue = useSelector(link, (s) => s.context.dueId);
  // The payers 'Remind all overdue' would reach, on the month shown.
  const overduePayers = new Set(items.filter((d) => isOverdue(d.status)).map((d) => d.payerPhone))
    .size;
  const confirmed: ConfirmedAction[] = [
    {
      actor: waive,
      targetOf: (due) => String(due.id),
      title: t.waiveTitle,
      question: (due) => t.waiveQuestion(due.studentName, formatINR(due.left)),
      yes: t.waiveYes,
      done: t.waived,
    },
    {
      actor: remind,
      targetOf: (due) => String(due.studentId),
      title: t.remindTitle,
      question: (due) => t.remindQuestion(due.studentName),
      yes: t.remindYes,
      done: t.reminded,
    },
  ];
  const act: DueActions = {
    cash: (due) =>
      cash.send({
        type: 'cash.open',
        studentId: due.studentId,
        student: due.studentName,
        payerPhone: due.payerPhone,
        amount: due.left,
        owed: due.studentOwes,
        today: istDateKey(now()),
      }),
    link: (due) => link.send({ type: 'link.open', dueId: due.id, student: due.studentName }),
    other: (due) =>
      settleOther.send({
        type: 'settle.ask',
        dueId: due.id,
        student: due.studentName,
        amount: due.left,
      }),
    waive: (due) => waive.send({ type: 'confirm.ask', id: String(due.id) }),
    remind: (due) => remind.send({ type: 'confirm.ask', id: String(due.studentId) }),
  };
  return (
    <Stack gap="sm">
      <DuesFilters actor={filter} batches={batches} shown={rows.length} total={items.length} />
      <ListState list={list} title={t.loadFailed} empty={t.empty}>
        {rows.length === 0 ? (
          <Text size="sm">{t.filters.none}</Text>
        ) : (
          <ScrollTable label={t.title} minWidth={900}>
            <Table striped verticalSpacing="xs" aria-label={t.title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.columns.student}</Table.Th>
                  <Table.Th>{t.columns.plan}</Table.Th>
                  <Table.Th>{t.columns.dueDate}</Table.Th>
                  <Table.Th {...money}>{t.columns.amount}</Table.Th>
                  <Table.Th {...money}>{t.columns.paid}</Table.Th>
                  <Table.Th {...money}>{t.columns.left}</Table.Th>
                  <Table.Th>{t.columns.status}</Table.Th>
                  <Table.Th>{t.columns.actions}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((due) => (
                  <Table.Tr key={due.id}>
                    <Table.Td>
                      <Text size="sm">{due.studentName}</Text>
                      {due.batch ? (
                        <Text size="xs" c="dimmed">
                          {due.batch}
                        </Text>
                      ) : null}
                    </Table.Td>
                    {/* The month is the tab's and the due date names it: the plan alone. */}
                    <Table.Td>{due.planName}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayOf(due.dueDate)}</Table.Td>
                    <Table.Td {...money}>{formatINR(due.amount)}</Table.Td>
                    <Table.Td {...money}>{formatINR(due.paid)}</Table.Td>
                    <Table.Td {...money}>{formatINR(due.left)}</Table.Td>
                    <Table.Td>
                      <Badge color={DUE_STATUS_COLOR[due.status]} variant="light" miw="max-content">
                        {t.statuses[due.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{owed(due) ? <Actions due={due} act={act} /> : null}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th scope="row" colSpan={3}>
                    {t.totals(totals.count)}
                  </Table.Th>
                  <Table.Td {...money} fw={700}>
                    {formatINR(totals.amount)}
                  </Table.Td>
                  <Table.Td {...money} fw={700}>
                    {formatINR(totals.paid)}
                  </Table.Td>
                  <Table.Td {...money} fw={700}>
                    {formatINR(totals.left)}
                  </Table.Td>
                  <Table.Td colSpan={2} />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </ScrollTable>
        )}
      </ListState>
      <RemindAllOverdue actor={remindAll} payers={overduePayers} />
      {confirmed.map((action) => (
        <DueActionDialog key={action.title} action={action} items={items} />
      ))}
      <CashEntryDialog actor={cash} />
      <SettleOtherDialog actor={settleOther} />
      <DueLinkDialog
        actor={link}
        payerPhone={items.find((d) => d.id === linkedDue)?.payerPhone ?? null}
      />
    </Stack>
  );
}
