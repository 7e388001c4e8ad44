// The dashboards' consent gate (issue 54, D319, D320): a dialog that cannot be dismissed while
// something waits for the person's answer: the privacy notice (a new version, or consent
// withdrawn) and a parent's answer for each child a tutor added. Renders the consentGate
// machine; nothing at all when nothing is asked.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import {
  consentGateMachine,
  type ChildDecision,
  type ConsentGateActorRef,
} from '../../../../machines/privacy/consentGate.machine';
import { fetchConsentsActor, giveConsentActor } from '../../../api/actors/privacy';
import { privacyTexts } from '../../../domain/privacyTexts';
import { useEndSessionWhen } from '../../app/session';
import { Modal } from '../../components/Dialog';
import { NoticeConsent } from '../../components/NoticeConsent';

const t = privacyTexts.gate;

/** The gate's dialog on a running consentGate actor (the path tests give theirs). */
export function ConsentGateDialog({ actor }: { actor: ConsentGateActorRef }) {
  const open = useSelector(actor, (s) => s.matches('asking') || s.matches('saving'));
  const ask = useSelector(actor, (s) => s.context.ask);
  const agreed = useSelector(actor, (s) => s.context.agreed);
  const decisions = useSelector(actor, (s) => s.context.decisions);
  const error = useSelector(actor, (s) => (s.hasTag('error') ? s.context.error : null));
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'gate.submit' }));
  useEndSessionWhen(useSelector(actor, (s) => s.matches('unauthorized')));
  return (
    <Modal
      opened={open}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="lg"
      title={t.title}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'gate.submit' });
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t.intro}</Text>
          {ask.needsNotice ? (
            <NoticeConsent
              checked={agreed}
              onChange={(value) => actor.send({ type: 'consent.toggle', value })}
              disabled={saving}
              headingOrder={3}
            />
          ) : null}
          {ask.children.length > 0 ? (
            <Stack gap="sm" component="section" aria-label={t.childTitle}>
              <Title order={3} size="h5">
                {t.childTitle}
              </Title>
              {ask.children.map((child) => {
                const decided = decisions[child.studentId];
                const choose = (decision: ChildDecision) =>
                  actor.send({ type: 'child.decide', studentId: child.studentId, decision });
                return (
                  <Stack key={child.studentId} gap="xs" role="group" aria-label={child.childName}>
                    <Text size="sm">{t.child(child.tutorName, child.childName)}</Text>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant={decided === 'given' ? 'filled' : 'default'}
                        aria-pressed={decided === 'given'}
                        disabled={saving}
                        onClick={() => choose('given')}
                      >
                        {t.confirmChild}
                      </Button>
                      <Button
                        size="xs"
                        color="red.9"
                        variant={decided === 'refused' ? 'filled' : 'default'}
                        aria-pressed={decided === 'refused'}
                        disabled={saving}
                        onClick={() => choose('refused')}
                      >
                        {t.refuseChild}
                      </Button>
                    </Group>
                    {decided === 'refused' ? (
                      <Text size="xs" c="dimmed">
                        {t.refuseChildHint}
                      </Text>
                    ) : null}
                  </Stack>
                );
              })}
            </Stack>
          ) : null}
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Button type="submit" fullWidth disabled={!canSubmit} loading={saving}>
            {t.submit}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

const gate = consentGateMachine.provide({
  actors: { fetchConsents: fetchConsentsActor, giveConsent: giveConsentActor },
});

/** On a dashboard, after its first paint: asks what waits for an answer, if anything. */
export function ConsentGate() {
  const actor = useActorRef(gate);
  return <ConsentGateDialog actor={actor} />;
}
