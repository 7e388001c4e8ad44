// 'My dues' on the student dashboard (issue 14, D147): what the student or parent owes, by
// tutor, oldest first; Pay (all of one tutor's) or Pay only this, behind a confirm, makes a
// payment link for those dues and goes on to it, where the payment runs as for any link.
// Renders the pagedList and confirmAction machines; lazy, so the dashboard's first paint is
// unchanged. Hidden when nothing is owed.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Paper.css';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { confirmActionMachine } from '../../../../../machines/confirmAction/confirmAction.machine';
import { pagedListMachine } from '../../../../../machines/pagedList/pagedList.machine';
import { fetchMyDues, linkForDues, type MyDueRow } from '../../../../api/actors/myDues';
import { duePeriodLabel } from '../../../../domain/duePeriod';
import { formatINR } from '../../../../domain/money';
import { studentsTexts } from '../../../../domain/studentsTexts';
import { formatIstDate } from '../../../../domain/time';
import { ConfirmDialog } from '../../tutor/dashboard/links/ConfirmDialog';
import { useEndSessionOn401 } from './studentSession';

const t = studentsTexts.myDues;

const duesMachine = pagedListMachine<MyDueRow, null>().provide({
  actors: { fetchPage: fromPromise(({ input, signal }) => fetchMyDues(input, signal)) },
});

/** What a confirm is about: all of one tutor's dues ('tutor:3') or one due ('due:12'). */
const target = (kind: 'tutor' | 'due', id: number) => `${kind}:${id}`;

function chosen(items: MyDueRow[], asked: string | null): MyDueRow[] {
  const [kind, id] = (asked ?? '').split(':');
  return items.filter((due) => (kind === 'tutor' ? due.tutorId : due.id) === Number(id));
}

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
          const linkId = await linkForDues(dues.map((due) => due.id));
          await navigate(`/payment-link/${linkId}`);
        }),
      },
      actions: { changed: () => list.send({ type: 'list.reload' }) },
    }),
  );
  const asked = chosen(
    items,
    useSelector(pay, (s) => s.context.target),
  );
  if (items.length === 0) return null;
  const tutors = [...new Map(items.map((due) => [due.tutorId, due.tutorName])).entries()];
  return (
    <Stack component="section" aria-label={t.title} gap="sm">
      <Title order={2} size="h4">
        {t.title}
      </Title>
      <Text size="sm">{t.intro}</Text>
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
            </Stack>
          </Paper>
        );
      })}
      <ConfirmDialog
        actor={pay}
        texts={
          asked.length > 0
            ? {
                title: t.confirmTitle,
                question: t.confirmQuestion(formatINR(total(asked)), asked[0]!.tutorName),
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
