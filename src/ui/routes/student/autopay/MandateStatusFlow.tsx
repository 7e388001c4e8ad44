// The mandate's status, after the status page's first paint (issue 49): the mandateStatus
// machine asks the server (which re-reads the gateway while the bank has not answered) again by
// itself, bounded, and says what became of the mandate: pending bank approval, active (with the
// next debit), paused, cancelled, not approved, expired.
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { fromPromise } from 'xstate';
import {
  mandateStatusMachine,
  type MandateStatusActorRef,
} from '../../../../../machines/mandateStatus/mandateStatus.machine';
import type { MandateView } from '../../../../../machines/shared/autopay';
import { fetchMandate } from '../../../../api/actors/autopay';
import { autopayTexts } from '../../../../domain/autopayTexts';
import { useNavigateAction } from '../../../app/navigation';
import { LoadingLine } from '../../../components/trust/LoadingLine';
import { StudentSession } from '../dashboard/studentSession';
import { nextDebitLine, setupPath } from './autopayFormat';

const s = autopayTexts.status;

const ToDashboard = () => (
  <Button component={Link} to="/student/dashboard" variant="default">
    {s.toDashboard}
  </Button>
);

function Known({ mandate }: { mandate: MandateView }) {
  const { stage } = mandate;
  const body =
    stage === 'active'
      ? s.bodies.active(mandate.tutorName, mandate.planName)
      : stage === 'pending'
        ? s.bodies.pending
        : s.bodies[stage];
  const next = stage === 'active' ? nextDebitLine(mandate.nextDebit) : null;
  const again = stage === 'failed' || stage === 'expired';
  return (
    <Stack>
      <Title order={1} size="h2">
        {s.headings[stage]}
      </Title>
      <Text>{body}</Text>
      {next ? <Text>{next}</Text> : null}
      <Group>
        {again ? (
          <Button component={Link} to={setupPath(mandate)}>
            {s.tryAgain}
          </Button>
        ) : null}
        <ToDashboard />
      </Group>
    </Stack>
  );
}

/** The screen of a running mandateStatus actor. */
export function MandateStatusScreen({ actor }: { actor: MandateStatusActorRef }) {
  const mandate = useSelector(actor, (st) => st.context.mandate);
  const error = useSelector(actor, (st) => st.context.error);
  const state = useSelector(actor, (st) => st.value);
  if (state === 'leaving') return null;
  if (state === 'notFound') {
    return (
      <Stack>
        <Title order={1} size="h2">
          {s.title}
        </Title>
        <Text>{autopayTexts.setup.notFound}</Text>
        <ToDashboard />
      </Stack>
    );
  }
  if (state === 'known' && mandate) return <Known mandate={mandate} />;
  if (state === 'unreachable') {
    return (
      <Stack>
        <Title order={1} size="h2">
          {s.title}
        </Title>
        <Alert color="red" role="alert">
          {error}
        </Alert>
        <Button onClick={() => actor.send({ type: 'status.check' })}>{s.checkAgain}</Button>
      </Stack>
    );
  }
  if (!mandate) {
    return (
      <Stack>
        <LoadingLine text={s.checking} />
        {error ? <Text size="sm">{error}</Text> : null}
      </Stack>
    );
  }
  // Waiting for the bank: the page follows by itself, then offers to check again.
  return (
    <Stack>
      <Title order={1} size="h2">
        {s.headings.pending}
      </Title>
      <Text>{s.bodies.pending}</Text>
      {state === 'stillPending' ? (
        <>
          <Text role="status">{s.stillPending}</Text>
          <Button onClick={() => actor.send({ type: 'status.check' })}>{s.checkAgain}</Button>
        </>
      ) : (
        <Loader size="sm" aria-label={s.checking} />
      )}
      <ToDashboard />
    </Stack>
  );
}

export default function MandateStatusFlow({ mandateId }: { mandateId: string }) {
  const navigate = useNavigateAction();
  const actor = useActorRef(
    mandateStatusMachine.provide({
      actors: { fetchMandate: fromPromise(({ input }) => fetchMandate(input)) },
      actions: { navigate },
    }),
    { input: { mandateId } },
  );
  return (
    <StudentSession>
      <MandateStatusScreen actor={actor} />
    </StudentSession>
  );
}
