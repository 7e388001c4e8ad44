// 'Autopay' on the tutor's Students and Dues tabs (issue 49): each student whose parent turned
// it on, the mandate's status, the next debit's date and amount (or why the last one failed),
// and Cancel behind a confirm. The tutorAutopay machine's view, one card a mandate (no table:
// nothing scrolls sideways on a phone). Hidden while no parent has turned it on.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { isLive } from '../../../../../../machines/shared/autopay';
import {
  tutorAutopayMachine,
  type TutorAutopayActorRef,
} from '../../../../../../machines/tutorAutopay/tutorAutopay.machine';
import { cancelTutorMandate, fetchTutorMandates } from '../../../../../api/actors/autopay';
import { autopayTexts } from '../../../../../domain/autopayTexts';
import { formatINR } from '../../../../../domain/money';
import { useEndSessionWhen } from '../../../../app/session';
import { AutopayConfirm } from '../../../student/autopay/AutopayConfirm';
import { dayText, STAGE_COLOR } from '../../../student/autopay/autopayFormat';

const t = autopayTexts.tutor;

/** The view of a running tutorAutopay actor. */
export function TutorAutopayView({ actor }: { actor: TutorAutopayActorRef }) {
  const rows = useSelector(actor, (s) => s.context.rows);
  const asked = useSelector(actor, (s) => s.context.asked);
  const cancelled = useSelector(actor, (s) => s.context.cancelled);
  const error = useSelector(actor, (s) => s.context.error);
  const failed = useSelector(actor, (s) => s.matches('loadFailed'));
  const open = useSelector(
    actor,
    (s) => s.matches('confirming') || s.matches('cancelling') || s.matches('cancelFailed'),
  );
  const working = useSelector(actor, (s) => s.matches('cancelling'));
  useEndSessionWhen(useSelector(actor, (s) => s.matches('unauthorized')));
  if (failed) {
    return (
      <Alert color="red" role="alert" title={t.loadFailed}>
        {error}
        <Button
          mt="sm"
          variant="default"
          size="xs"
          onClick={() => actor.send({ type: 'list.retry' })}
        >
          {t.retry}
        </Button>
      </Alert>
    );
  }
  if (!rows || rows.length === 0) return null;
  const askedRow = rows.find((row) => row.id === asked);
  return (
    <Stack component="section" aria-label={t.title} gap="sm">
      <Title order={3} size="h5">
        {t.title}
      </Title>
      <Text size="sm" c="dimmed">
        {t.intro}
      </Text>
      {rows.map((row) => {
        const next = row.nextDebit;
        const last = row.lastDebit;
        const lastFailed =
          last?.state === 'failed' ? t.lastFailed(dayText(last.dueDate), last.reason ?? '') : null;
        return (
          <Paper
            key={row.id}
            withBorder
            p="sm"
            radius="md"
            component="article"
            aria-label={row.studentName}
          >
            <Group justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Text fw={600}>{row.studentName}</Text>
                <Text size="sm">{row.planName}</Text>
              </div>
              <Badge color={STAGE_COLOR[row.stage]} variant="light">
                {autopayTexts.stages[row.stage]}
              </Badge>
            </Group>
            <Text size="sm" mt={4}>
              {t.columns.next}:{' '}
              {next ? t.nextDebit(formatINR(next.amount), dayText(next.dueDate)) : t.none}
            </Text>
            {lastFailed ? (
              <Text size="sm" c="red.9">
                {lastFailed}
              </Text>
            ) : null}
            {isLive(row) ? (
              <Button
                mt="xs"
                size="compact-sm"
                variant="subtle"
                // The label in red.9: the subtle variant's own red is 3.3:1 on white.
                color="red"
                c="red.9"
                aria-label={t.cancelAria(row.studentName)}
                onClick={() => actor.send({ type: 'cancel.ask', id: row.id })}
              >
                {t.cancel}
              </Button>
            ) : null}
            {cancelled === row.id ? (
              <Text role="status" size="sm" c="teal.9">
                {t.cancelled}
              </Text>
            ) : null}
          </Paper>
        );
      })}
      <AutopayConfirm
        opened={open}
        working={working}
        error={error}
        title={t.cancelTitle}
        question={askedRow ? t.cancelQuestion(askedRow.studentName, askedRow.planName) : ''}
        yes={t.cancelYes}
        danger
        keep={t.keep}
        close={t.close}
        onYes={() => actor.send({ type: 'cancel.confirm' })}
        onNo={() => actor.send({ type: 'cancel.dismiss' })}
      />
    </Stack>
  );
}

/** The tutor's Autopay list, with its own tutorAutopay actor. */
export function TutorAutopay() {
  const actor = useActorRef(
    tutorAutopayMachine.provide({
      actors: {
        fetchMandates: fromPromise(() => fetchTutorMandates()),
        cancelMandate: fromPromise(({ input }) => cancelTutorMandate(input)),
      },
    }),
  );
  return <TutorAutopayView actor={actor} />;
}
