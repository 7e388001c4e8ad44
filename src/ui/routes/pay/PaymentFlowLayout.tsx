// One payment actor for /pay/review and /pay/payment-gateway-payment-flow (spec §2, §4
// "Payment"): a layout route around both keeps it while the student moves from the review to
// the checkout screen. Each visit gets its own Idempotency-Keys (one per method), so a double
// click or a retry within the visit creates one order.
import { useActorRef } from '@xstate/react';
import { createContext, useContext, useState } from 'react';
import { Outlet } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { paymentMachine, type OrderDraft } from '../../../../machines/payment/payment.machine';
import { trackAction } from '../../../browser/analytics';
import { useClock } from '../../app/clock';
import { useNavigateAction } from '../../app/navigation';
import { ScreenSuspense } from '../../app/RootLayout';
import { serviceActor, usePaymentServices } from '../../components/PaymentServicesContext';
import { storeOrder } from './paymentStore';

export type PaymentActorRef = ActorRefFrom<typeof paymentMachine>;

const PaymentFlowContext = createContext<PaymentActorRef | null>(null);

export function usePaymentFlow(): PaymentActorRef {
  const actorRef = useContext(PaymentFlowContext);
  if (!actorRef) throw new Error('usePaymentFlow needs the PaymentFlowLayout route around it.');
  return actorRef;
}

export function PaymentFlowLayout() {
  const services = usePaymentServices();
  const now = useClock();
  const navigate = useNavigateAction();
  const [idempotencyKeys] = useState(() => ({
    cc: services.newIdempotencyKey(),
    upi: services.newIdempotencyKey(),
  }));
  const actorRef = useActorRef(
    paymentMachine.provide({
      actors: {
        readDraft: serviceActor((_: void, signal) => services.readDraft(signal)),
        loadFees: serviceActor((_: void, signal) => services.loadFees(signal)),
        createOrder: serviceActor((input: { order: OrderDraft; idempotencyKey: string }, signal) =>
          services.createOrder(input, signal),
        ),
        openCheckout: serviceActor((input: { paymentSessionId: string }) =>
          services.openCheckout(input),
        ),
      },
      actions: { navigate, storeOrder, track: trackAction },
    }),
    { input: { idempotencyKeys, now: now().getTime() } },
  );
  return (
    <PaymentFlowContext.Provider value={actorRef}>
      <ScreenSuspense>
        <Outlet />
      </ScreenSuspense>
    </PaymentFlowContext.Provider>
  );
}
