// The payer's Pause / Resume / Cancel of one mandate (issue 49), on their dashboard: the
// autopayControl machine's view, each action behind a confirm, its 'done' line after.
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import { Button, Group, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  allowedActions,
  autopayControlMachine,
  type AutopayControlActorRef,
  type ControlAction,
} from '../../../../../machines/autopayControl/autopayControl.machine';
import type { MandateView } from '../../../../../machines/shared/autopay';
import { controlMandate } from '../../../../api/actors/autopay';
import { autopayTexts } from '../../../../domain/autopayTexts';
import { useEndSessionWhen } from '../../../app/session';
import { AutopayConfirm } from './AutopayConfirm';

const c = autopayTexts.control;

/** The view of a running autopayControl actor. */
export function AutopayControlView({
  actor,
  planName,
  tutorName,
}: {
  actor: AutopayControlActorRef;
  planName: string;
  tutorName: string;
}) {
  const status = useSelector(actor, (s) => s.context.status);
  const asked = useSelector(actor, (s) => s.context.asked);
  const done = useSelector(actor, (s) => s.context.done);
  const error = useSelector(actor, (s) => s.context.error);
  const open = useSelector(actor, (s) => !s.matches('idle') && !s.matches('unauthorized'));
  const working = useSelector(actor, (s) => s.hasTag('loading'));
  useEndSessionWhen(useSelector(actor, (s) => s.matches('unauthorized')));
  const ask = (action: ControlAction) => actor.send({ type: 'control.ask', action });
  const labels: Record<ControlAction, [string, string]> = {
    pause: [c.pause, c.pauseAria(planName)],
    resume: [c.resume, c.resumeAria(planName)],
    cancel: [c.cancel, c.cancelAria(planName)],
  };
  const question: Record<ControlAction, [string, string, string]> = {
    pause: [c.pauseTitle, c.pauseQuestion(planName), c.pauseYes],
    resume: [c.resumeTitle, c.resumeQuestion(planName), c.resumeYes],
    cancel: [c.cancelTitle, c.cancelQuestion(planName, tutorName), c.cancelYes],
  };
  const [title, text, yes] = question[asked ?? 'cancel'];
  return (
    <>
      <Group gap="xs">
        {allowedActions(status).map((action) => (
          <Button
            key={action}
            size="compact-sm"
            variant={action === 'cancel' ? 'subtle' : 'light'}
            // The label in red.9: the subtle variant's own red is 3.3:1 on white, below WCAG AA.
            color={action === 'cancel' ? 'red' : undefined}
            c={action === 'cancel' ? 'red.9' : undefined}
            aria-label={labels[action][1]}
            onClick={() => ask(action)}
          >
            {labels[action][0]}
          </Button>
        ))}
      </Group>
      {done ? (
        <Text role="status" size="sm" c="teal.9">
          {c.done[done]}
        </Text>
      ) : null}
      <AutopayConfirm
        opened={open}
        working={working}
        error={error}
        title={title}
        question={text}
        yes={yes}
        danger={asked === 'cancel'}
        keep={c.keep}
        close={c.close}
        onYes={() => actor.send({ type: 'control.confirm' })}
        onNo={() => actor.send({ type: 'control.dismiss' })}
      />
    </>
  );
}

/** Pause / Resume / Cancel of `mandate`; `onChanged` after the server answered. */
export function AutopayControl({
  mandate,
  onChanged,
}: {
  mandate: MandateView;
  onChanged: () => void;
}) {
  const actor = useActorRef(
    autopayControlMachine.provide({
      actors: { perform: fromPromise(({ input }) => controlMandate(input)) },
      actions: { changed: onChanged },
    }),
    { input: { mandateId: mandate.id, status: mandate.status } },
  );
  return (
    <AutopayControlView actor={actor} planName={mandate.planName} tutorName={mandate.tutorName} />
  );
}
