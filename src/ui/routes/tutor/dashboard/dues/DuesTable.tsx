// The month's dues (D146): each with Paid in cash, Paid another way, Waive, Remind (each behind
// its confirm) and Link while it is still owed. Renders the duesTab machine's dues, settle,
// waive, remind, link and settleOther children.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import { Badge, Button, Group } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ConfirmActionActorRef } from '../../../../../../machines/confirmAction/confirmAction.machine';
import type { DueLinkActorRef } from '../../../../../../machines/dueLink/dueLink.machine';
import type { DueSettleOtherActorRef } from '../../../../../../machines/dueSettleOther/dueSettleOther.machine';
import type { DueRow } from '../../../../../../machines/duesTab/dueRows';
import type { PagedListActorRef } from '../../../../../../machines/pagedList/pagedList.machine';
import { duePeriodLabel } from '../../../../../domain/duePeriod';
import { formatINR } from '../../../../../domain/money';
import { OPEN_SHOWN_DUE_STATUSES, type ShownDueStatus } from '../../../../../domain/dues';
import { studentsTexts } from '../../../../../domain/studentsTexts';
import { ListTable, type Column } from '../../../../components/ListTable';
import { ConfirmDialog, ConfirmDone } from '../links/ConfirmDialog';
import { DueLinkDialog } from './DueLinkDialog';
import { SettleOtherDialog } from './SettleOtherDialog';
import { DUE_STATUS_COLOR, dueDayText } from './dueStatus';

const t = studentsTexts.duesTab;
const isOwed = (due: DueRow) =>
  (OPEN_SHOWN_DUE_STATUSES as readonly ShownDueStatus[]).includes(due.status);

interface DueAction {
  actor: ConfirmActionActorRef;
  label: string;
  /** What the confirm is about: the due (settle, waive) or its student (remind). */
  targetOf: (due: DueRow) => string;
  title: string;
  question: (due: DueRow) => string;
  yes: string;
  done: string;
}

/** One of a due's actions behind its confirm: what it asks, and that it went through. */
function DueActionDialog({ action, items }: { action: DueAction; items: DueRow[] }) {
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

export interface DuesTableProps {
  list: PagedListActorRef<DueRow, string>;
  settle: ConfirmActionActorRef;
  waive: ConfirmActionActorRef;
  remind: ConfirmActionActorRef;
  link: DueLinkActorRef;
  settleOther: DueSettleOtherActorRef;
}

export function DuesTable({ list, settle, waive, remind, link, settleOther }: DuesTableProps) {
  const items = useSelector(list, (s) => s.context.data?.items ?? []);
  const byDue = (due: DueRow) => String(due.id);
  const actions: Record<'settle' | 'waive' | 'remind', DueAction> = {
    settle: {
      actor: settle,
      label: t.paidCash,
      targetOf: byDue,
      title: t.settleTitle,
      question: (due) => t.settleQuestion(due.studentName, formatINR(due.left)),
      yes: t.settleYes,
      done: t.settled,
    },
    waive: {
      actor: waive,
      label: t.waive,
      targetOf: byDue,
      title: t.waiveTitle,
      question: (due) => t.waiveQuestion(due.studentName, formatINR(due.left)),
      yes: t.waiveYes,
      done: t.waived,
    },
    remind: {
      actor: remind,
      label: t.remind,
      targetOf: (due) => String(due.studentId),
      title: t.remindTitle,
      question: (due) => t.remindQuestion(due.studentName),
      yes: t.remindYes,
      done: t.reminded,
    },
  };
  const button = (label: string, due: DueRow, onClick: () => void) => (
    <Button
      size="xs"
      variant="subtle"
      aria-label={t.actionAria(label, due.studentName)}
      onClick={onClick}
    >
      {label}
    </Button>
  );
  const ask = (action: DueAction, due: DueRow) =>
    button(action.label, due, () =>
      action.actor.send({ type: 'confirm.ask', id: action.targetOf(due) }),
    );
  const columns: Column<DueRow>[] = [
    { header: t.columns.student, cell: (due) => due.studentName },
    {
      header: t.columns.plan,
      cell: (due) => [due.planName, duePeriodLabel(due.period)].filter(Boolean).join(' · '),
    },
    { header: t.columns.dueDate, cell: (due) => dueDayText(due.dueDate) },
    { header: t.columns.amount, cell: (due) => formatINR(due.amount) },
    { header: t.columns.left, cell: (due) => formatINR(due.left) },
    {
      header: t.columns.status,
      cell: (due) => (
        <Badge color={DUE_STATUS_COLOR[due.status]} variant="light" miw="max-content">
          {t.statuses[due.status]}
        </Badge>
      ),
    },
    {
      header: t.columns.actions,
      cell: (due) =>
        isOwed(due) ? (
          <Group gap={0} wrap="nowrap">
            {ask(actions.settle, due)}
            {button(t.paidOther, due, () =>
              settleOther.send({
                type: 'settle.ask',
                dueId: due.id,
                student: due.studentName,
                amount: due.left,
              }),
            )}
            {ask(actions.waive, due)}
            {ask(actions.remind, due)}
            {button(t.link, due, () =>
              link.send({ type: 'link.open', dueId: due.id, student: due.studentName }),
            )}
          </Group>
        ) : null,
    },
  ];
  return (
    <>
      <ListTable
        list={list}
        title={t.title}
        loadFailed={t.loadFailed}
        empty={t.empty}
        columns={columns}
        rowKey={(due) => String(due.id)}
        minWidth={940}
      />
      {Object.values(actions).map((action) => (
        <DueActionDialog key={action.label} action={action} items={items} />
      ))}
      <SettleOtherDialog actor={settleOther} />
      <DueLinkDialog actor={link} />
    </>
  );
}
