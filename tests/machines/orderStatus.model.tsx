// Path model of the orderStatus machine (/pay/status, /payment-successful), walked on the
// machine and through the status page's view.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { formatINR } from '../../src/domain/money';
import { failureReason } from '../../src/domain/statuses';
import { OrderStatusScreen } from '../../src/ui/routes/pay/OrderStatusFlow';
import { messages } from '../../src/domain/messages';
import type { OrderStatus, PaymentStatus } from '../../src/domain/statuses';
import {
  MAX_CHECKS,
  RECHECK_DELAYS_MS,
  orderStatusMachine,
  outcomeOf,
  type OrderView,
} from '../../machines/orderStatus/orderStatus.machine';
import type { NavigateParams } from '../../machines/shared/navigation';
import type { EventFixtures, PathModel, PathRun, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, queryButton } from '../support/uiPaths';
import { doneCases, errorCases, fakeActor, type FakeActor } from './fakes';

interface World {
  fetch: FakeActor<OrderView, { orderId: string }>;
  navigations: NavigateParams[];
  cleared: number;
}

export function orderView(status: OrderStatus, paymentStatus: PaymentStatus | null): OrderView {
  return {
    id: 'ord_1',
    status,
    paymentStatus,
    total: 505_971,
    payeeName: 'Asha Verma',
    payeePhone: '9123456780',
    maskedAccount: 'XXXXXXXX7890',
    paymentTime: paymentStatus === 'SUCCESS' ? '2025-01-15T11:16:10+05:30' : null,
    session: null,
    refundReason: null,
  };
}

export const orders = {
  paid: orderView('PAID', 'SUCCESS'),
  successPayment: orderView('ACTIVE', 'SUCCESS'),
  pending: orderView('ACTIVE', 'PENDING'),
  notAttempted: orderView('ACTIVE', null),
  failedPayment: orderView('ACTIVE', 'FAILED'),
  expired: orderView('EXPIRED', null),
};

export const orderStatusEvents = {
  'status.check': [{ type: 'status.check' }],
} satisfies EventFixtures<typeof orderStatusMachine, World>;

function stayed({ world }: PathRun<World>) {
  assert.deepEqual(world.navigations, []);
}

const m = messages.status;
const heading = () => screen.queryByRole('heading', { level: 2 });

/** /pay/status as the student sees it. */
export const orderStatusScreen: UiLayer<typeof orderStatusMachine, World> = {
  view: ({ actor }) => <OrderStatusScreen actorRef={actor} />,
  gestures: {
    'status.check': (_, ui) => clickOn(queryButton(m.checkAgain), ui),
  },
  screens: {
    checking: ({ context }) => {
      if (context.order) expect(heading()).toHaveTextContent(m.processing);
      else expect(screen.getByText(m.checking)).toBeInTheDocument();
    },
    // Between checks: the order as last read, or still checking (with why the last check failed).
    waiting: ({ context }) => {
      if (context.order) {
        expect(heading()).toHaveTextContent(m.processing);
        expect(screen.getByText(m.processingBody)).toBeInTheDocument();
      } else {
        expect(screen.getByText(m.checking)).toBeInTheDocument();
        if (context.error) expect(screen.getByText(context.error)).toBeInTheDocument();
      }
    },
    stillProcessing: () => {
      expect(screen.getByText(m.stillProcessing)).toBeInTheDocument();
      expect(buttonNamed(m.checkAgain)).toBeEnabled();
    },
    unreachable: ({ context }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
      expect(buttonNamed(m.checkAgain)).toBeEnabled();
    },
    sent: ({ context }) => {
      const order = context.order!;
      expect(heading()).toHaveTextContent(m.sent);
      expect(
        screen.getByText(m.sentBody(formatINR(order.total), order.payeeName)),
      ).toBeInTheDocument();
      expect(screen.getByText(m.viewReceipt)).toBeInTheDocument();
    },
    failed: ({ context }) => {
      const order = context.order!;
      expect(heading()).toHaveTextContent(m.failed);
      expect(
        screen.getByText(failureReason(order.status, order.paymentStatus)),
      ).toBeInTheDocument();
      expect(screen.getByText(m.tryAgain)).toBeInTheDocument();
    },
    // The page goes (to the review or the login): nothing of the status is left.
    leaving: () => {
      expect(heading()).not.toBeInTheDocument();
    },
  },
};

export const orderStatusPathModel: PathModel<typeof orderStatusMachine, World> = {
  name: 'orderStatus',
  machine: orderStatusMachine,
  inputs: [{ orderId: 'ord_1' }],
  world: () => ({ fetch: fakeActor(), navigations: [], cleared: 0 }),
  provide: (world) =>
    orderStatusMachine.provide({
      actors: { fetchOrder: world.fetch.logic },
      actions: {
        navigate: (_, params) => void world.navigations.push(params),
        clearPayment: () => void (world.cleared += 1),
      },
    }),
  events: orderStatusEvents,
  ui: orderStatusScreen,
  internal: {
    // Two processing answers: enough to walk the bounded re-checks both ways.
    'xstate.done.actor.fetchOrder': doneCases<World, OrderView>(
      'fetchOrder',
      [orders.paid, orders.successPayment, orders.pending, orders.failedPayment, orders.expired],
      (w) => w.fetch,
    ),
    'xstate.error.actor.fetchOrder': errorCases<World>(
      'fetchOrder',
      [
        { kind: 'http', status: 401, message: null },
        { kind: 'http', status: 404, message: 'Not found.' },
        { kind: 'network' },
      ],
      (w) => w.fetch,
    ),
  },
  states: {
    checking: (snapshot, run) => {
      stayed(run);
      assert.equal(run.world.cleared, 0);
      assert.ok(snapshot.context.checks >= 1 && snapshot.context.checks <= MAX_CHECKS);
      assert.deepEqual(run.world.fetch.last().input, { orderId: 'ord_1' });
      assert.equal(run.world.fetch.calls.length >= snapshot.context.checks, true);
    },
    waiting: (snapshot, run) => {
      stayed(run);
      assert.ok(snapshot.context.checks < MAX_CHECKS, 'bounded');
      const { order, error } = snapshot.context;
      assert.ok(order === null || outcomeOf(order) === 'processing' || error !== null);
    },
    stillProcessing: (snapshot, run) => {
      stayed(run);
      assert.equal(snapshot.context.checks, MAX_CHECKS);
      assert.equal(outcomeOf(snapshot.context.order!), 'processing');
    },
    unreachable: (snapshot, run) => {
      stayed(run);
      assert.equal(snapshot.context.checks, MAX_CHECKS);
      assert.equal(snapshot.context.error, messages.generic.network);
    },
    sent: (snapshot, run) => {
      stayed(run);
      assert.equal(outcomeOf(snapshot.context.order!), 'sent');
      assert.equal(run.world.cleared, 1, 'D1: the payment keys are cleared once');
    },
    failed: (snapshot, run) => {
      stayed(run);
      assert.equal(outcomeOf(snapshot.context.order!), 'failed');
      assert.equal(run.world.cleared, 0);
    },
    leaving: (_, { world }) => {
      assert.equal(world.navigations.length, 1);
      assert.ok(['/student/login', '/page-not-found'].includes(world.navigations[0]!.to));
    },
  },
};

/** The total time the automatic checks take, for the journeys. */
export const AUTO_CHECK_MS = RECHECK_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);
