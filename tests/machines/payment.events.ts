// The payment machine's user events as its paths send them: the path model and the Chromium
// walk (e2e/payment-paths.spec.ts) share them. Plain data: no views, so Playwright can load it.
import type { paymentMachine } from '../../machines/payment/payment.machine';
import { PAYMENT_METHOD } from '../../src/domain/constants';
import type { EventFixtures } from '../support/paths';

export const paymentEvents = {
  'method.change': [
    { type: 'method.change', method: PAYMENT_METHOD.upi },
    { type: 'method.change', method: PAYMENT_METHOD.card },
  ],
  'payment.submit': [{ type: 'payment.submit' }],
  'review.retry': [{ type: 'review.retry' }],
  'checkout.retry': [{ type: 'checkout.retry' }],
} satisfies EventFixtures<typeof paymentMachine>;
