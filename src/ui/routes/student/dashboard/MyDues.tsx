// 'My dues' on the student dashboard (issue 14, D147): what the student or parent owes, by
// tutor, oldest first; Pay (all of one tutor's) or Pay only this, behind a confirm, makes a
// payment link for those dues and goes on to it, where the payment runs as for any link.
// Where the tutor's plans take part payments, a part of them (D153, the partPayment machine).
// Renders the pagedList, confirmAction and partPayment machines; lazy, so the dashboard's first
// paint is unchanged. Hidden when nothing is owed.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { confirmActionMachine } from '../../../../../machines/confirmAction/confirmAction.machine';
import { pagedListMachine } from '../../../../../machines/pagedList/pagedList.machine';
import {
  partPaymentMachine,
  shownPartError,
  type PartPaymentActorRef,
} from '../../../../../machines/partPayment/partPayment.machine';
import {
  fetchMyDues,
  linkForDues,
  type CashReceiptRow,
  type MyDueRow,
} from '../../../../api/actors/myDues';
import { duePeriodLabel, paidForLine } from '../../../../domain/duePeriod';
import { formatINR, rupeesToPaise } from '../../../../domain/money';
import { studentsTexts } from '../../../../domain/studentsTexts';
import { formatIstDate } from '../../../../domain/istDate';
import { ConfirmDialog } from '../../tutor/dashboard/links/ConfirmDialog';
import { useEndSessionOn401 } from './studentSession';

const t = studentsTexts.myDues;

const duesMachine = pagedListMachine<MyDueRow, null>().provide({
  actors: { fetchPage: fromPromise(({ input, signal }) => fetchMyDues(input, signal)) },
});

/**
 * What a confirm is about: all of one tutor's dues ('tutor:3'), one due ('due:12'), or a part
 * of one tutor's dues ('part:3:80000', paise).
 */
const target = (kind: 'tutor' | 'due', id: number) => `${kind}:${id}`;

function chosen(items: MyDueRow[], asked: string | null): MyDueRow[] {
  const [kind, id] = (asked ?? '').split(':');
  return items.filter((due) => (kind === 'due' ? due.id : due.tutorId) === Number(id));
}

/** The part asked for, in paise, or null for the whole. */
const partOf = (asked: string | null): number | null => {
  const [kind, , paise] = (asked ?? '').split(':');
  return kind === 'part' ? Number(paise) : null;
};

const what = (due: MyDueRow) =>
  [due.planName, duePeriodLabel(due.period)].filter(Boolean).join(' · ');
const dayText = (key: string) => formatIstDate(new Date(`${key}T12:00:00+05:30`));
const total = (dues: MyDueRow[]) => dues.reduce((sum, due) => sum + due.left, 0);

export function MyDues() {
  const navigate = useNavigate();
  const list = useActorRef(duesMachine, { input: { filter: null } });
  useEndSessionOn401(list);
  const items = useSelector(list, (s) => s.context.data?.items ?? []);
  const pay = useActorRef(
    confirmActionMachine.provide({
      actors: {
        perform: fromPromise<void, { id: string }>(async ({ input }) => {
          const dues = chosen(list.getSnapshot().context.data?.items ?? [], input.id);
          const linkId = await linkForDues(
            dues.map((due) => due.id),
            partOf(input.id) ?? undefined,
          );
          await navigate(`/payment-link/${linkId}`);
        }),
      },
      actions: { changed: () => list.send({ type: 'list.reload' }) },
    }),
  );
  const askedTarget = useSelector(pay, (s) => s.context.target);
  const asked = chosen(items, askedTarget);
  const askedAmount = partOf(askedTarget) ?? total(asked);
  const receipts = useSelector(list, (s) =>
    s.context.data && 'receipts' in s.context.data
      ? (s.context.data.receipts as CashReceiptRow[])
      : [],
  );
  if (items.length === 0 && receipts.length === 0) return null;
  const tutors = [...new Map(items.map((due) => [due.tutorId, due.tutorName])).entries()];
  return (
    <Stack component="section" aria-label={t.title} gap="sm">
      <Title order={2} size="h4">
        {t.title}
      </Title>
      {items.length > 0 ? <Text size="sm">{t.intro}</Text> : null}
      {tutors.map(([tutorId, tutorName]) => {
        const dues = items.filter((due) => due.tutorId === tutorId);
        const amount = formatINR(total(dues));
        return (
          <Paper key={tutorId} withBorder p="md" radius="md">
            <Stack gap="sm">
              <Text fw={600}>{tutorName}</Text>
              {dues.map((due) => (
                <Group key={due.id} justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Text size="sm">{what(due)}</Text>
                    <Text size="xs">
                      {t.forStudent(due.studentName)} · {t.due(dayText(due.dueDate))}{' '}
                      {due.overdue ? (
                        <Badge color="red" variant="light" size="sm">
                          {t.overdue}
                        </Badge>
                      ) : null}
                    </Text>
                  </div>
                  <Stack gap={0} align="flex-end">
                    <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatINR(due.left)}
                    </Text>
                    {dues.length > 1 ? (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        aria-label={t.payOneAria(what(due))}
                        onClick={() => pay.send({ type: 'confirm.ask', id: target('due', due.id) })}
                      >
                        {t.payOne}
                      </Button>
                    ) : null}
                  </Stack>
                </Group>
              ))}
              <Button
                aria-label={t.payAllAria(amount, tutorName)}
                onClick={() => pay.send({ type: 'confirm.ask', id: target('tutor', tutorId) })}
              >
                {t.payAll(amount)}
              </Button>
              {dues.every((due) => due.partialMinimum !== null) ? (
                <PartPayment
                  key={`${tutorId}:${total(dues)}`}
                  tutorName={tutorName}
                  minimum={Math.max(...dues.map((due) => due.partialMinimum!))}
                  whole={total(dues)}
                  onChosen={(paise) =>
                    pay.send({ type: 'confirm.ask', id: `part:${tutorId}:${paise}` })
                  }
                />
              ) : null}
            </Stack>
          </Paper>
        );
      })}
      <CashReceipts receipts={receipts} />
      <ConfirmDialog
        actor={pay}
        texts={
          asked.length > 0
            ? {
                title: t.confirmTitle,
                question: t.confirmQuestion(formatINR(askedAmount), asked[0]!.tutorName),
                yes: t.confirmYes,
                no: t.keep,
                close: t.close,
              }
            : null
        }
      />
    </Stack>
  );
}

/** D237: the cash a tutor recorded for the payer's students: each its receipt, oldest due first. */
function CashReceipts({ receipts }: { receipts: CashReceiptRow[] }) {
  if (receipts.length === 0) return null;
  return (
    <Stack component="section" aria-label={t.receipts.title} gap="xs">
      <Title order={3} size="h5">
        {t.receipts.title}
      </Title>
      {receipts.map((receipt) => (
        <Paper
          key={receipt.id}
          withBorder
          p="sm"
          radius="md"
          component="article"
          aria-label={receipt.number}
        >
          <Text fw={600}>{t.receipts.heading(receipt.number, receipt.tutor_name)}</Text>
          <Text size="sm">
            {t.receipts.received(
              formatINR(rupeesToPaise(receipt.amount)),
              dayText(receipt.received_on),
              receipt.student_name,
            )}
          </Text>
          {receipt.dues.map((due) => (
            <Text key={due.due_id} size="sm" c="dimmed">
              {paidForLine({
                plan: due.plan_name,
                period: due.period,
                student: receipt.student_name,
                amount: formatINR(rupeesToPaise(due.applied)),
              })}
            </Text>
          ))}
          {receipt.note ? <Text size="sm">{receipt.note}</Text> : null}
        </Paper>
      ))}
    </Stack>
  );
}

/** 'Or pay a part': its own partPayment actor, for one tutor's dues. */
function PartPayment({
  tutorName,
  minimum,
  whole,
  onChosen,
}: {
  tutorName: string;
  minimum: number;
  whole: number;
  onChosen: (paise: number) => void;
}) {
  const actor = useActorRef(
    partPaymentMachine.provide({ actions: { chosen: (_, paise) => onChosen(paise) } }),
    { input: { minimum, whole } },
  );
  return <PartPaymentForm actor={actor} tutorName={tutorName} />;
}

/** The part's field and button, on a running partPayment actor. */
export function PartPaymentForm({
  actor,
  tutorName,
}: {
  actor: PartPaymentActorRef;
  tutorName: string;
}) {
  const text = useSelector(actor, (s) => s.context.text);
  const minimum = useSelector(actor, (s) => s.context.minimum);
  const error = useSelector(actor, (s) => shownPartError(s.context));
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'part.submit' });
      }}
    >
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label={t.partLabel}
          description={t.partHint(formatINR(minimum))}
          inputMode="numeric"
          value={text}
          error={error}
          onChange={(e) => actor.send({ type: 'part.change', value: e.currentTarget.value })}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="light" aria-label={t.payPartAria(tutorName)}>
          {t.payPart}
        </Button>
      </Group>
    </form>
  );
}
