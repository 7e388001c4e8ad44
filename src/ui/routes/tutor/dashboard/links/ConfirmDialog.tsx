// The confirm dialog of a confirmAction machine (cancel a link, revoke a key): the question,
// Yes / Keep it while confirming, a spinner while the server works, its refusal (e.g. the 409
// "already paid") with Close when it failed. The list behind reloads either way.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import type { ConfirmActionActorRef } from '../../../../../../machines/confirmAction/confirmAction.machine';
import { useEndSessionWhen } from '../../../../app/session';
import { Modal } from '../../../../components/Dialog';

export interface ConfirmTexts {
  title: string;
  question: string;
  yes: string;
  no: string;
  close: string;
  /** The yes button's colour: red.9 (the default) for an action that takes something away. */
  yesColor?: string;
}

/**
 * The dialog; `texts` for the item asked about (null when none). The last texts stay while the
 * dialog is open: the list reloads after a refusal and the item may leave the page.
 */
export function ConfirmDialog({
  actor,
  texts: asked,
}: {
  actor: ConfirmActionActorRef;
  texts: ConfirmTexts | null;
}) {
  const last = useRef(asked);
  if (asked) last.current = asked;
  const texts = asked ?? last.current;
  const open = useSelector(
    actor,
    (s) => s.matches('confirming') || s.matches('working') || s.matches('failed'),
  );
  const working = useSelector(actor, (s) => s.hasTag('loading'));
  const error = useSelector(actor, (s) => s.context.error);
  useEndSessionWhen(useSelector(actor, (s) => s.matches('unauthorized')));
  const no = () => actor.send({ type: 'confirm.no' });
  return (
    <Modal
      opened={open && texts !== null}
      onClose={() => !working && no()}
      centered
      title={texts?.title}
    >
      {error ? (
        <>
          <Alert color="red" role="alert">
            {error}
          </Alert>
          <Button mt="md" fullWidth variant="default" onClick={no} data-autofocus>
            {texts?.close}
          </Button>
        </>
      ) : (
        <>
          <Text>{texts?.question}</Text>
          <Group mt="lg" justify="flex-end">
            <Button variant="default" onClick={no} disabled={working} data-autofocus>
              {texts?.no}
            </Button>
            <Button
              // red.9: white on Mantine's default red is 3.8:1, below WCAG AA's 4.5:1.
              color={texts?.yesColor ?? 'red.9'}
              loading={working}
              onClick={() => actor.send({ type: 'confirm.yes' })}
            >
              {texts?.yes}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}

/** 'The link is cancelled.' once the action went through (until the next one is asked). */
export function ConfirmDone({ actor, text }: { actor: ConfirmActionActorRef; text: string }) {
  const done = useSelector(actor, (s) => s.matches('done'));
  return done ? (
    <Text role="status" c="teal.9" size="sm">
      {text}
    </Text>
  ) : null;
}
