// Test kit for the payment screens: the app's real routes and machines, with fake services
// (the actors' effects) handed in through PaymentServicesContext. Each service is a vi.fn
// whose answer a test sets; by default it never answers, so a screen waits.
import { vi, type Mock } from 'vitest';
import type { PaymentServices } from '../../src/api/actors/payment';
import { storage } from '../../src/browser/storage';
import { ClockContext } from '../../src/ui/app/clock';
import { AppRoutes } from '../../src/ui/app/routes';
import { PaymentServicesContext } from '../../src/ui/components/PaymentServicesContext';
import { renderInRouter } from '../support/renderRoute';

export type FakeServices = { [K in keyof PaymentServices]: Mock<PaymentServices[K]> };

const never = () => new Promise<never>(() => {});

export function fakeServices(over: Partial<PaymentServices> = {}): FakeServices {
  let key = 0;
  const base: PaymentServices = {
    lookupTutor: never,
    loadFees: never,
    searchPayee: never,
    readPending: never,
    registerTutor: never,
    readDraft: never,
    createOrder: never,
    openCheckout: never,
    fetchOrder: never,
    loadLink: never,
    newIdempotencyKey: () => `test-key-${(key += 1)}`,
  };
  const all = { ...base, ...over };
  return Object.fromEntries(
    Object.entries(all).map(([name, fn]) => [name, vi.fn(fn as (...args: unknown[]) => unknown)]),
  ) as unknown as FakeServices;
}

/** Friday 24 January 2025, 10:00 IST, unless a test says otherwise. */
export const PAY_NOW = new Date('2025-01-24T10:00:00+05:30');

export function renderPay(url: string, services: FakeServices, now: Date = PAY_NOW) {
  return renderInRouter(
    url,
    <ClockContext.Provider value={() => now}>
      <PaymentServicesContext.Provider value={services}>
        <AppRoutes />
      </PaymentServicesContext.Provider>
    </ClockContext.Provider>,
  );
}

/** A logged-in student (spec §3: token and the student-login flag). */
export function logIn(userId = '42') {
  storage.set('access-token', 'tok_student');
  storage.set('studentLogin', true);
  storage.set('userId', userId);
}

/** A promise the test settles later. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
