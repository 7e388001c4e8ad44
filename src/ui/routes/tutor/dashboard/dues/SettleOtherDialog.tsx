// 'Paid another way' (D146): the note saying how, then the due is marked paid; no money moves
// in the app. Renders the dueSettleOther machine.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/CloseButton.css';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  shownNoteError,
  type DueSettleOtherActorRef,
} from '../../../../../../machines/dueSettleOther/dueSettleOther.machine';
import { formatINR } from '../../../../../domain/money';
import { studentsTexts } from '../../../../../domain/studentsTexts';
import { Modal } from '../../../../components/Dialog';

const t = studentsTexts.duesTab;

export function SettleOtherDialog({ actor }: { actor: DueSettleOtherActorRef }) {
  const step = useSelector(actor, (s) => s.value);
  const student = useSelector(actor, (s) => s.context.student);
  const amount = useSelector(actor, (s) => s.context.amount);
  const note = useSelector(actor, (s) => s.context.note);
  const noteError = useSelector(actor, (s) => shownNoteError(s.context));
  const error = useSelector(actor, (s) => s.context.error);
  const working = step === 'working';
  const open = step === 'asking' || step === 'working' || step === 'failed';
  return (
    <>
      {step === 'done' ? (
        <Text role="status" c="teal.9" size="sm">
          {t.settled}
        </Text>
      ) : null}
      <Modal
        opened={open}
        onClose={() => !working && actor.send({ type: 'settle.cancel' })}
        title={t.otherTitle}
        centered
      >
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'settle.confirm' });
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{t.otherQuestion(student, formatINR(amount))}</Text>
            <TextInput
              label={t.otherNote}
              description={t.otherNoteHint}
              value={note}
              readOnly={step !== 'asking'}
              error={noteError}
              onChange={(e) => actor.send({ type: 'settle.note', value: e.currentTarget.value })}
              data-autofocus
            />
            {error ? (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                disabled={working}
                onClick={() => actor.send({ type: 'settle.cancel' })}
              >
                {t.keep}
              </Button>
              <Button type="submit" loading={working}>
                {t.settleYes}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
