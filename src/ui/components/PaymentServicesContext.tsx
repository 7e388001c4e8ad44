// The payment screens' effects (API calls, storage reads, the checkout), in one context so
// component tests can hand in fakes: <PaymentServicesContext.Provider value={fakes}>.
import { createContext, useContext } from 'react';
import { fromPromise } from 'xstate';
import { paymentServices, type PaymentServices } from '../../api/actors/payment';

export const PaymentServicesContext = createContext<PaymentServices>(paymentServices);

export function usePaymentServices(): PaymentServices {
  return useContext(PaymentServicesContext);
}

/** An XState actor over a service call; the signal aborts the request when the screen goes. */
export function serviceActor<O, I>(run: (input: I, signal: AbortSignal) => Promise<O>) {
  return fromPromise<O, I>(({ input, signal }) => run(input, signal));
}
