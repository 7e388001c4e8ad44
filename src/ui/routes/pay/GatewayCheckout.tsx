// The checkout's opening on /pay/payment-gateway-payment-flow (GatewayPage), on the visit's
// payment actor; with no checkout in progress (a bookmark, a reload), off to /pay/review.
import { useSelector } from '@xstate/react';
import { Navigate } from 'react-router-dom';
import { CheckoutStatus } from './CheckoutStatus';
import type { PaymentActorRef } from './PaymentFlowLayout';

export function GatewayCheckout({ actorRef }: { actorRef: PaymentActorRef }) {
  const inCheckout = useSelector(actorRef, (s) => s.hasTag('checkout'));
  if (!inCheckout) return <Navigate to="/pay/review" replace />;
  return <CheckoutStatus actorRef={actorRef} />;
}
