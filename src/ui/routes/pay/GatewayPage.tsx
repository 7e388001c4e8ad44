// /pay/payment-gateway-payment-flow (spec §2): the payment flow while the hosted checkout
// opens. Visited with nothing in progress (a bookmark, a reload), it goes to /pay/review. D178:
// its title and a loading line paint until the visit's payment actor runs (PaymentFlowLayout).
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Title.css';
import { Container, Title } from '@mantine/core';
import { lazy } from 'react';
import { messages } from '../../../domain/messages';
import { loadInLanguage } from '../../app/loadInLanguage';
import { LoadingLine } from '../../components/trust/LoadingLine';
import { OnPaymentActor } from './PaymentFlowLayout';

const GatewayCheckout = lazy(async () => ({
  default: (await loadInLanguage(() => import('./GatewayCheckout'))).GatewayCheckout,
}));

export function GatewayPage() {
  return (
    <Container size="xs" py="xl" component="main">
      <Title order={1} mb="lg">
        {messages.checkout.title}
      </Title>
      <OnPaymentActor loading={<LoadingLine text={messages.checkout.opening} />}>
        {(actorRef) => <GatewayCheckout actorRef={actorRef} />}
      </OnPaymentActor>
    </Container>
  );
}
