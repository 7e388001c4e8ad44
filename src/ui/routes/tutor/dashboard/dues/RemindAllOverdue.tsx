// 'Remind all overdue' (D239): how many payers it would reach, its confirm, and what went.
// Renders the remindAll machine.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { RemindAllActorRef } from '../../../../../../machines/remindAll/remindAll.machine';
import { studentsTexts } from '../../../../../domain/studentsTexts';
import { Modal } from '../../../../components/Dialog';

const t = studentsTexts.duesTab.remindAll;

export function RemindAllOverdue({
  actor,
  payers,
}: {
  actor: RemindAllActorRef;
  /** The payers of the dues past their date and unpaid, on the month shown. */
  payers: number;
}) {
  const state = useSelector(actor, (s) => s);
  const { result, error } = state.context;
  const sending = state.hasTag('loading');
  const open = state.matches('confirming') || state.matches('sending') || state.matches('failed');
  const no = () => actor.send({ type: 'remindAll.no' });
  return (
    <>
      <Group gap="sm">
        <Button
          variant="light"
          disabled={payers === 0 || open}
          onClick={() => actor.send({ type: 'remindAll.ask' })}
        >
          {t.button(payers)}
        </Button>
        {state.matches('done') && result ? (
          <Text size="sm" role="status" c="teal.9">
            {t.done(result.sent, result.skipped, result.already)}
          </Text>
        ) : null}
      </Group>
      <Modal opened={open} onClose={() => !sending && no()} title={t.title} centered>
        <Stack gap="sm">
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : (
            <Text>{t.question(payers)}</Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" disabled={sending} onClick={no} data-autofocus>
              {error ? t.close : t.no}
            </Button>
            <Button loading={sending} onClick={() => actor.send({ type: 'remindAll.yes' })}>
              {error ? studentsTexts.duesTab.retry : t.yes}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
