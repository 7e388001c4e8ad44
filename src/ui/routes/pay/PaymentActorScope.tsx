// The payment actor of /pay/review and /pay/payment-gateway-payment-flow, fetched after their
// first paint (PaymentFlowLayout, D178): the payment machine with its services, started here
// and handed to the layout, which keeps it while the student moves from one screen to the
// other. Each visit gets its own Idempotency-Keys (one per method), so a double click or a
// retry within the visit creates one order.
import { useActorRef } from '@xstate/react';
import { useLayoutEffect, useState } from 'react';
import { paymentMachine, type OrderDraft } from '../../../../machines/payment/payment.machine';
import { trackAction } from '../../../browser/analytics';
import { useClock } from '../../app/clock';
import { useNavigateAction } from '../../app/navigation';
import { serviceActor, usePaymentServices } from '../../components/PaymentServicesContext';
import type { PaymentActorRef } from './PaymentFlowLayout';
import { storeOrder } from './paymentStore';

/** Renders nothing: starts the visit's payment actor and hands it to `onStart`. */
export default function PaymentActorScope({
  onStart,
}: {
  onStart: (actorRef: PaymentActorRef | null) => void;
}) {
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
  // Before the paint, so the screen never paints its loading line over a running actor.
  useLayoutEffect(() => {
    onStart(actorRef);
    return () => onStart(null);
  }, [actorRef, onStart]);
  return null;
}
