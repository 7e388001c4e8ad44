// tutor/onboarding/aadhar-redirect (spec §2): where the gateway's KYC page sends the tutor back.
// 'Verifying your aadhaar details...' while the aadharRedirect machine re-reads the status; then
// the congratulations (step 0) or on to sign-up; the Session Expired dialog without a session.
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import { Button, Container, Loader, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import {
  aadharRedirectMachine,
  congratulationsTexts,
} from '../../../../../machines/aadharRedirect/aadharRedirect.machine';
import type { ActorRefFrom } from 'xstate';
import { refreshKycStatusActor } from '../../../../api/actors/tutorSession';
import { messages } from '../../../../domain/messages';
import { useNavigateAction } from '../../../app/navigation';
import { SessionExpiredDialog } from '../../../components/SessionExpiredDialog';
import {
  clearActiveFlow,
  clearTutorSession,
  fetchProfileActor,
  readTutorSessionActor,
  storeStep,
} from '../tutorEffects';

const m = messages.aadhaar;

export function AadharRedirectPage() {
  const navigate = useNavigateAction();
  const actor = useActorRef(
    aadharRedirectMachine.provide({
      actors: {
        readSession: readTutorSessionActor,
        refreshStatus: refreshKycStatusActor,
        fetchProfile: fetchProfileActor,
      },
      actions: { clearActiveFlow, clearSession: clearTutorSession, storeStep, navigate },
    }),
  );
  return <AadharRedirectView actor={actor} />;
}

/** The page on a running aadharRedirect actor (the path tests render it on theirs). */
export function AadharRedirectView({
  actor,
}: {
  actor: ActorRefFrom<typeof aadharRedirectMachine>;
}) {
  const congratulations = useSelector(actor, (s) => s.matches('congratulations'));
  const texts = useSelector(actor, congratulationsTexts, (a, b) => a.body === b.body);
  const expired = useSelector(actor, (s) => s.matches('sessionExpired'));
  const error = useSelector(actor, (s) => (s.hasTag('error') ? s.context.error : null));
  const working = useSelector(actor, (s) => s.hasTag('loading'));

  return (
    <Container size="xs" py="xl" component="main">
      {congratulations ? (
        <>
          <Title order={1} mb="md">
            {texts.title}
          </Title>
          <Text mb="lg">{texts.body}</Text>
          <Button fullWidth onClick={() => actor.send({ type: 'redirect.continue' })}>
            {m.continue}
          </Button>
        </>
      ) : (
        <>
          <Title order={1} mb="md">
            {m.redirectVerifying}
          </Title>
          {working ? <Loader size="sm" aria-label={m.redirectVerifying} /> : null}
          {error ? (
            <>
              <Text role="alert" mb="md">
                {error}
              </Text>
              <Button onClick={() => actor.send({ type: 'redirect.retry' })}>{m.retry}</Button>
            </>
          ) : null}
        </>
      )}
      <SessionExpiredDialog
        opened={expired}
        onLogin={() => actor.send({ type: 'session.login' })}
      />
    </Container>
  );
}
