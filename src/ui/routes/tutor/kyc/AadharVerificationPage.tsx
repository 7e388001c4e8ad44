// tutor/aadhar-verification (spec §2): counts down from 5, then sets the showDialog flag and goes
// to the dashboard with the previous URL (this page's) in the router state. The page replaces
// itself, so Back from the dashboard does not count down again.
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import { Container, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { countdownMachine } from '../../../../../machines/countdown/countdown.machine';
import { AADHAAR_REDIRECT_COUNTDOWN_SECONDS } from '../../../../domain/constants';
import { messages } from '../../../../domain/messages';
import { TUTOR_DASHBOARD_PATH } from '../../../../domain/onboarding';
import { useNavigateAction } from '../../../app/navigation';
import { flagDialog } from '../tutorEffects';

export function AadharVerificationPage() {
  const location = useLocation();
  const navigate = useNavigateAction();
  const [from] = useState(() => `${location.pathname}${location.search}`);
  const actorRef = useActorRef(
    countdownMachine.provide({
      actions: {
        onDone: () => {
          flagDialog();
          navigate(null, { to: TUTOR_DASHBOARD_PATH, replace: true, state: { from } });
        },
      },
    }),
    { input: { seconds: AADHAAR_REDIRECT_COUNTDOWN_SECONDS } },
  );
  const remaining = useSelector(actorRef, (s) => s.context.remaining);
  return (
    <Container size="xs" py="xl" component="main">
      <Title order={1} mb="md">
        {messages.aadhaar.heading}
      </Title>
      <Text role="status">{messages.aadhaar.dashboardIn(remaining)}</Text>
    </Container>
  );
}
