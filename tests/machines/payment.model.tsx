// Path model of the payment machine (/pay/review → checkout), walked on the machine and through
// the review page's view.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { ReviewView } from '../../src/ui/routes/pay/ReviewFlow';
import { ANALYTICS_EVENTS, PAYMENT_METHOD } from '../../src/domain/constants';
import { computeBreakup } from '../../src/domain/fees';
import { messages } from '../../src/domain/messages';
import type { FeeSettings } from '../../machines/amountEntry/amountEntry.machine';
import {
  bookedSession,
  GATEWAY_PATH,
  paymentMachine,
  type CreatedOrder,
  type DraftFacts,
  type OrderDraft,
  type PaymentDraft,
} from '../../machines/payment/payment.machine';
import type { NavigateParams } from '../../machines/shared/navigation';
import type { PathModel, PathRun, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, queryButton } from '../support/uiPaths';
import { doneCases, errorCases, fakeActor, type FakeActor } from './fakes';
import { paymentEvents } from './payment.events';
import { detailsFacts, loginFacts, paidFacts, readyFacts } from './payment.facts';

interface World {
  draft: FakeActor<DraftFacts>;
  fees: FakeActor<FeeSettings>;
  create: FakeActor<CreatedOrder, { order: OrderDraft; idempotencyKey: string }>;
  checkout: FakeActor<void, { paymentSessionId: string }>;
  navigations: NavigateParams[];
  stored: string[];
  tracked: string[];
}

export const KEYS = { cc: 'key-card-0001', upi: 'key-upi-00001' };

export const DRAFT: PaymentDraft = {
  amount: 500_000,
  payeeId: 7,
  payeeName: 'Asha Verma',
  payeePhone: '9123456780',
  payerId: 42,
  linkId: null,
  book: false,
};

const FEES: FeeSettings = { baseRate: 1, holidays: [] };
export const ORDER: CreatedOrder = { id: 'ord_1', paymentSessionId: 'session_1' };
export const overLimit = {
  kind: 'http',
  status: 400,
  message: 'Order refused: The amount is more than this tutor can accept right now.',
};

function noOrder({ world }: PathRun<World>) {
  assert.deepEqual(world.stored, []);
  assert.ok(world.navigations.every((n) => n.to !== GATEWAY_PATH));
}

/** Every order request carries the key of its method (one order per method per visit). */
function keysMatch({ world }: PathRun<World>) {
  for (const call of world.create.calls) {
    assert.equal(call.input.idempotencyKey, KEYS[call.input.order.method]);
    assert.deepEqual(
      call.input.order.breakup,
      computeBreakup({ amount: DRAFT.amount, method: call.input.order.method, baseRate: 1 }),
    );
  }
}

const m = messages.review;
const radio = (method: string) =>
  document.querySelector<HTMLInputElement>(`input[type=radio][value="${method}"]`);
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const loading = () => {
  expect(screen.getByText(m.loading)).toBeInTheDocument();
};
const opening = () => {
  expect(screen.getByText(messages.checkout.opening)).toBeInTheDocument();
};

/** /pay/review as the student sees it, then the checkout opening. */
export const paymentScreen: UiLayer<typeof paymentMachine, World> = {
  view: ({ actor }) => <ReviewView actorRef={actor} />,
  gestures: {
    // A method already chosen cannot be chosen again (`possible` never asks it).
    'method.change': async ({ method }, ui) =>
      radio(method)?.checked ? 'blocked' : clickOn(radio(method), ui),
    'payment.submit': (_, ui) => clickOn(queryButton(m.proceedToPay), ui),
    'review.retry': (_, ui) => clickOn(queryButton(m.retry), ui),
    'checkout.retry': (_, ui) => clickOn(queryButton(messages.checkout.openAgain), ui),
  },
  screens: {
    loadingDraft: loading,
    loadingFees: loading,
    loadFailed: () => {
      expect(alerts()).toEqual([m.loadFailed]);
      expect(buttonNamed(m.retry)).toBeEnabled();
    },
    ready: (snapshot) => {
      expect(radio(snapshot.context.method)).toBeChecked();
      const pay = buttonNamed(m.proceedToPay);
      if (snapshot.can({ type: 'payment.submit' })) expect(pay).toBeEnabled();
      else expect(pay).toBeDisabled();
      expect(alerts()).toEqual(snapshot.context.error ? [snapshot.context.error] : []);
    },
    creatingOrder: () => {
      expect(buttonNamed(m.proceedToPay)).toBeDisabled();
      expect(radio(PAYMENT_METHOD.upi)).toBeDisabled();
    },
    openingCheckout: opening,
    checkoutFailed: () => {
      expect(alerts()).toEqual([messages.checkout.failed]);
      expect(buttonNamed(messages.checkout.openAgain)).toBeEnabled();
    },
    redirecting: () => {
      opening();
      expect(
        screen.getByText(messages.checkout.notRedirected, { exact: false }),
      ).toBeInTheDocument();
    },
    // Off to the login, the details or the dashboard: the review is not offered meanwhile.
    leaving: () => {
      expect(screen.queryByText(m.proceedToPay)).not.toBeInTheDocument();
    },
  },
};

export const paymentPathModel: PathModel<typeof paymentMachine, World> = {
  name: 'payment',
  machine: paymentMachine,
  inputs: [{ idempotencyKeys: KEYS, now: Date.parse('2025-01-24T10:20:00+05:30') }],
  world: () => ({
    draft: fakeActor(),
    fees: fakeActor(),
    create: fakeActor(),
    checkout: fakeActor(),
    navigations: [],
    stored: [],
    tracked: [],
  }),
  provide: (world) =>
    paymentMachine.provide({
      actors: {
        readDraft: world.draft.logic,
        loadFees: world.fees.logic,
        createOrder: world.create.logic,
        openCheckout: world.checkout.logic,
      },
      actions: {
        navigate: (_, params) => void world.navigations.push(params),
        storeOrder: (_, { orderId }) => void world.stored.push(orderId),
        track: (_, { event }) => void world.tracked.push(event),
      },
    }),
  events: paymentEvents,
  ui: paymentScreen,
  // A radio button chooses the other method, never the one already chosen.
  possible: (snapshot, event) =>
    event.type !== 'method.change' ||
    (event as EventObject & { method?: string }).method !== snapshot.context.method,
  internal: {
    'xstate.done.actor.readDraft': doneCases<World, DraftFacts>(
      'readDraft',
      [
        loginFacts,
        detailsFacts,
        paidFacts,
        readyFacts(DRAFT),
        readyFacts({ ...DRAFT, book: true }),
      ],
      (w) => w.draft,
    ),
    'xstate.error.actor.readDraft': errorCases<World>(
      'readDraft',
      [{ kind: 'network' }],
      (w) => w.draft,
    ),
    'xstate.done.actor.loadFees': doneCases<World, FeeSettings>('loadFees', [FEES], (w) => w.fees),
    'xstate.error.actor.loadFees': errorCases<World>(
      'loadFees',
      [{ kind: 'timeout' }],
      (w) => w.fees,
    ),
    'xstate.done.actor.createOrder': doneCases<World, CreatedOrder>(
      'createOrder',
      [ORDER],
      (w) => w.create,
    ),
    'xstate.error.actor.createOrder': errorCases<World>(
      'createOrder',
      [overLimit, { kind: 'network' }, { kind: 'http', status: 401, message: null }],
      (w) => w.create,
    ),
    'xstate.done.actor.openCheckout': doneCases<World, void>(
      'openCheckout',
      [undefined],
      (w) => w.checkout,
    ),
    'xstate.error.actor.openCheckout': errorCases<World>(
      'openCheckout',
      [new Error('The checkout script did not load in time.')],
      (w) => w.checkout,
    ),
  },
  states: {
    loadingDraft: (snapshot, run) => {
      noOrder(run);
      assert.ok(snapshot.hasTag('loading'));
      assert.equal(snapshot.can({ type: 'payment.submit' }), false);
    },
    loadingFees: (snapshot, run) => {
      noOrder(run);
      // The draft read, with or without a session booked.
      assert.deepEqual({ ...snapshot.context.draft, book: false }, DRAFT);
      assert.equal(snapshot.can({ type: 'payment.submit' }), false);
    },
    loadFailed: (snapshot, run) => {
      noOrder(run);
      assert.equal(snapshot.context.error, messages.review.loadFailed);
    },
    ready: (snapshot, run) => {
      noOrder(run);
      keysMatch(run);
      assert.equal(snapshot.can({ type: 'payment.submit' }), true);
      // D20: the review opened at 10:20 IST, so a booked session is 12:00-13:00 IST.
      assert.deepEqual(
        bookedSession(snapshot.context),
        snapshot.context.draft?.book
          ? { start: '2025-01-24T12:00:00+05:30', end: '2025-01-24T13:00:00+05:30' }
          : null,
      );
      assert.ok(
        [
          null,
          'The amount is more than this tutor can accept right now.',
          messages.generic.somethingWrong,
        ].includes(snapshot.context.error),
      );
    },
    creatingOrder: (snapshot, run) => {
      noOrder(run);
      keysMatch(run);
      assert.ok(snapshot.hasTag('loading'));
      assert.equal(snapshot.can({ type: 'payment.submit' }), false, 'a double click is ignored');
      // D20: the server books the session from when it creates the order.
      assert.equal(run.world.create.last().input.order.bookSession, snapshot.context.draft?.book);
      assert.equal(run.world.tracked.at(-1), ANALYTICS_EVENTS.clickedProceed);
      assert.equal(run.world.tracked.length, run.world.create.calls.length);
    },
    openingCheckout: (snapshot, { world }) => {
      assert.deepEqual(world.stored, [ORDER.id]);
      assert.equal(world.create.calls.length >= 1, true);
      assert.deepEqual(world.navigations.at(-1), { to: GATEWAY_PATH });
      assert.deepEqual(world.checkout.last().input, { paymentSessionId: ORDER.paymentSessionId });
      assert.ok(snapshot.hasTag('checkout'));
    },
    checkoutFailed: (snapshot, { world }) => {
      assert.deepEqual(world.stored, [ORDER.id], 'no second order for a retry');
      assert.equal(snapshot.context.error, messages.checkout.failed);
      assert.equal(snapshot.can({ type: 'checkout.retry' }), true);
    },
    redirecting: (snapshot, { world }) => {
      assert.deepEqual(world.stored, [ORDER.id]);
      assert.equal(snapshot.context.error, null);
    },
    leaving: (snapshot, { world }) => {
      const to = world.navigations.at(-1)?.to;
      const draft = world.draft.outputs.at(-1);
      if (draft === loginFacts) assert.equal(to, '/student/login');
      else if (draft === detailsFacts) assert.equal(to, '/pay/payment-details');
      else if (draft === paidFacts) assert.equal(to, '/student/dashboard');
      else assert.equal(to, '/student/login', 'the session ended while creating the order');
      assert.deepEqual(world.stored, []);
    },
  },
};
