// The payment link's flow, loaded after the page's first paint (PaymentLinkPage, D176): the
// paymentLink machine loads the link and sends the student on (review, sign-up or login), or
// says why it cannot be paid.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import { Alert, Button, Stack } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link } from 'react-router-dom';
import { paymentLinkMachine } from '../../../../machines/payment/paymentLink.machine';
import { messages } from '../../../domain/messages';
import { useNavigateAction } from '../../app/navigation';
import { serviceActor, usePaymentServices } from '../../components/PaymentServicesContext';
import { storeLink } from '../pay/paymentStore';
import { LoadingLine } from '../../components/trust/LoadingLine';

const m = messages.paymentLink;

export default function PaymentLinkFlow({ linkId }: { linkId: string }) {
  const services = usePaymentServices();
  const navigate = useNavigateAction();
  const actorRef = useActorRef(
    paymentLinkMachine.provide({
      actors: {
        loadLink: serviceActor((input: { linkId: string }, signal) =>
          services.loadLink(input, signal),
        ),
      },
      actions: { navigate, storeLink },
    }),
    { input: { linkId } },
  );
  return <LinkFlowView actorRef={actorRef} />;
}

/** The link's screen on a running paymentLink actor (the path tests render it on theirs). */
export function LinkFlowView({ actorRef }: { actorRef: ActorRefFrom<typeof paymentLinkMachine> }) {
  const view = useSelector(actorRef, (s) =>
    s.matches('loadFailed') ? 'failed' : s.matches('unavailable') ? 'unavailable' : 'loading',
  );
  const status = useSelector(actorRef, (s) => s.context.link?.status);
  const error = useSelector(actorRef, (s) => s.context.error);

  if (view === 'failed') {
    return (
      <Stack gap="md">
        <Alert color="red" role="alert" title={m.loadFailed}>
          {error}
        </Alert>
        <Button size="md" onClick={() => actorRef.send({ type: 'link.retry' })}>
          {m.retry}
        </Button>
      </Stack>
    );
  }
  if (view === 'unavailable') {
    const reason = status === 'PAID' ? m.paid : status === 'EXPIRED' ? m.expired : m.cancelled;
    return (
      <Stack gap="md">
        <Alert color="yellow" role="alert" title={reason}>
          {m.askTutor}
        </Alert>
        <Button size="md" variant="light" component={Link} to="/">
          {messages.notFound.home}
        </Button>
      </Stack>
    );
  }
  return <LoadingLine text={m.loading} />;
}
