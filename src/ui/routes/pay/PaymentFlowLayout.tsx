// One payment actor for /pay/review and /pay/payment-gateway-payment-flow (spec §2, §4
// "Payment"): a layout route around both keeps it while the student moves from the review to
// the checkout screen. D178: the screens paint their frame and a loading line first; the actor
// (PaymentActorScope: the payment machine, the API client) is fetched after that paint, and
// the screens render on it once it runs.
import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { paymentMachine } from '../../../../machines/payment/payment.machine';
import { AfterPaint } from '../../app/AfterPaint';
import { loadInLanguage } from '../../app/loadInLanguage';
import { ScreenSuspense } from '../../app/RootLayout';

export type PaymentActorRef = ActorRefFrom<typeof paymentMachine>;

const PaymentActorScope = lazy(() => loadInLanguage(() => import('./PaymentActorScope')));

const PaymentFlowContext = createContext<PaymentActorRef | null | undefined>(undefined);

/**
 * `children` on the visit's payment actor once it runs; `loading` until then, and while the
 * chunk `children` render comes in.
 */
export function OnPaymentActor({
  loading,
  children,
}: {
  loading: ReactNode;
  children: (actorRef: PaymentActorRef) => ReactNode;
}) {
  const actorRef = useContext(PaymentFlowContext);
  if (actorRef === undefined) {
    throw new Error('OnPaymentActor needs the PaymentFlowLayout route around it.');
  }
  return actorRef ? <Suspense fallback={loading}>{children(actorRef)}</Suspense> : loading;
}

export function PaymentFlowLayout() {
  const [actorRef, setActorRef] = useState<PaymentActorRef | null>(null);
  return (
    <PaymentFlowContext.Provider value={actorRef}>
      <AfterPaint>
        <PaymentActorScope onStart={setActorRef} />
      </AfterPaint>
      <ScreenSuspense>
        <Outlet />
      </ScreenSuspense>
    </PaymentFlowContext.Provider>
  );
}
