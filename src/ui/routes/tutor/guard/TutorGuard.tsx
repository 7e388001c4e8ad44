// The tutor/ layout route (spec §4 "Tutor guard"): renders the page only when the tutorGuard
// machine allows it; a loader while it checks, the Session Expired dialog on sign-up without a
// session, an error with a retry when the account could not be loaded. The machine lives as long
// as the layout; each navigation inside tutor/ tells it the new page.
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import { Button, Center, Container, Loader, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { tutorGuardMachine } from '../../../../../machines/tutorGuard/tutorGuard.machine';
import { messages } from '../../../../domain/messages';
import { useNavigateAction } from '../../../app/navigation';
import { ScreenSuspense } from '../../../app/RootLayout';
import { SessionExpiredDialog } from '../../../components/SessionExpiredDialog';
import {
  clearTutorSession,
  fetchProfileActor,
  readTutorSessionActor,
  resetForTutor,
  storeStep,
} from '../tutorEffects';
import type { TutorOutletContext } from './tutorOutlet';
import { tutorPageOf } from './tutorPage';

const m = messages.tutorGuard;

export function TutorGuard() {
  const page = tutorPageOf(useLocation().pathname);
  const navigate = useNavigateAction();
  const actor = useActorRef(
    tutorGuardMachine.provide({
      actors: { readSession: readTutorSessionActor, fetchProfile: fetchProfileActor },
      actions: { resetForTutor, clearSession: clearTutorSession, storeStep, navigate },
    }),
    { input: { page } },
  );
  return <TutorGuardView actor={actor} />;
}

/** The guard on a running tutorGuard actor (the path tests render it on theirs). */
export function TutorGuardView({ actor }: { actor: ActorRefFrom<typeof tutorGuardMachine> }) {
  const page = tutorPageOf(useLocation().pathname);
  useEffect(() => {
    if (actor.getSnapshot().context.page !== page) actor.send({ type: 'page.enter', page });
  }, [actor, page]);

  // A verdict counts only for the page on screen: right after a navigation the machine still
  // holds the previous page's until the effect above has told it.
  const current = useSelector(actor, (s) => s.context.page === page);
  const allowed = useSelector(actor, (s) => s.matches('allowed'));
  const expired = useSelector(actor, (s) => s.matches('sessionExpired'));
  const error = useSelector(actor, (s) => (s.hasTag('error') ? s.context.error : null));
  const profile = useSelector(actor, (s) => s.context.profile);

  if (current && allowed) {
    return (
      <ScreenSuspense>
        <Outlet context={{ profile } satisfies TutorOutletContext} />
      </ScreenSuspense>
    );
  }
  if (current && expired) {
    return <SessionExpiredDialog opened onLogin={() => actor.send({ type: 'session.login' })} />;
  }
  if (current && error) {
    return (
      <Container size="xs" py="xl" component="main">
        <Text role="alert">{error}</Text>
        <Button mt="md" onClick={() => actor.send({ type: 'guard.retry' })}>
          {m.retry}
        </Button>
      </Container>
    );
  }
  return (
    <Center mih="100dvh">
      <Loader aria-label={m.checking} />
    </Center>
  );
}
