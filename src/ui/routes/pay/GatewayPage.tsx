// /pay/payment-gateway-payment-flow (spec §2): the payment flow while the hosted checkout
// opens. Visited with nothing in progress (a bookmark, a reload), it goes to /pay/review.
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Title.css';
import { Container, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Navigate } from 'react-router-dom';
import { messages } from '../../../domain/messages';
import { CheckoutStatus } from './CheckoutStatus';
import { usePaymentFlow } from './PaymentFlowLayout';

export function GatewayPage() {
  const actorRef = usePaymentFlow();
  const inCheckout = useSelector(actorRef, (s) => s.hasTag('checkout'));
  if (!inCheckout) return <Navigate to="/pay/review" replace />;
  return (
    <Container size="xs" py="xl" component="main">
      <Title order={1} mb="lg">
        {messages.checkout.title}
      </Title>
      <CheckoutStatus actorRef={actorRef} />
    </Container>
  );
}
