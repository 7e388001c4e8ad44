// /pay/redirect (spec §2, D1): where the checkout sends the student back. 'Redirecting in N
// seconds...' from 3, then /pay/status?order_id=… (the query's order id, else the stored one).
// Issue 13: the product's mark, a spinner and what is happening while it counts.
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Loader.css';
import { Loader, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { countdownMachine } from '../../../../machines/countdown/countdown.machine';
import { PAYMENT_REDIRECT_COUNTDOWN_SECONDS } from '../../../domain/constants';
import { messages } from '../../../domain/messages';
import { useNavigateAction } from '../../app/navigation';
import { ProcessorLine } from '../../components/trust/ProcessorLine';
import { currentOrderId, statusPath } from './orderId';
import { PaymentScreen } from '../../components/trust/PaymentScreen';

export function PayRedirectPage() {
  const [search] = useSearchParams();
  const navigate = useNavigateAction();
  const [target] = useState(() => statusPath(currentOrderId(search)));
  const actorRef = useActorRef(
    countdownMachine.provide({
      // The redirect page leaves no history entry: Back from the status does not count again.
      actions: { onDone: () => navigate(null, { to: target, replace: true }) },
    }),
    { input: { seconds: PAYMENT_REDIRECT_COUNTDOWN_SECONDS } },
  );
  return <PayRedirectView actorRef={actorRef} />;
}

/** The page on a running countdown (the path tests render it on theirs). */
export function PayRedirectView({ actorRef }: { actorRef: ActorRefFrom<typeof countdownMachine> }) {
  const remaining = useSelector(actorRef, (s) => s.context.remaining);
  return (
    <PaymentScreen step="pay">
      <Stack gap="md" align="center" ta="center">
        <Loader size="lg" aria-hidden="true" />
        <Title order={1}>{messages.redirect.title}</Title>
        <Text>{messages.redirect.body}</Text>
        <Text role="status" fw={600}>
          {messages.redirect.countdown(remaining)}
        </Text>
        <ProcessorLine />
      </Stack>
    </PaymentScreen>
  );
}
