// Path model of the refundRequest machine, shared by its vitest suite and
// scripts/path-coverage.ts.
import assert from 'node:assert/strict';
import { refundRequestMachine } from '../../machines/refundRequest/refundRequest.machine';
import type { EventFixtures, PathModel } from '../support/paths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

export const LATE = 'Refunds can be requested only within 24 hours of payment.';

export interface RefundRequestWorld {
  send: FakeCall<void, { orderId: string; reason: string }>;
}

export const refundRequestWorld = (): RefundRequestWorld => ({ send: fakeCall() });

export const provideRefundRequest = (w: RefundRequestWorld) =>
  refundRequestMachine.provide({ actors: { requestRefund: w.send.logic } });

export const REFUND_INPUT = { orderId: 'ord_1', refundableUntil: '2025-01-16T11:16:05+05:30' };

export const refundRequestEvents = {
  'reason.change': [
    { type: 'reason.change', value: 'The class was cancelled.' },
    { type: 'reason.change', value: '   ' },
  ],
  'refund.submit': [{ type: 'refund.submit' }],
  'refund.edit': [{ type: 'refund.edit' }],
} satisfies EventFixtures<typeof refundRequestMachine, RefundRequestWorld>;

export const refundRequestPathModel: PathModel<typeof refundRequestMachine, RefundRequestWorld> = {
  name: 'refundRequest',
  machine: refundRequestMachine,
  inputs: [REFUND_INPUT],
  world: refundRequestWorld,
  provide: provideRefundRequest,
  events: refundRequestEvents,
  internal: {
    'xstate.done.actor.requestRefund': doneFixture(
      'requestRefund',
      [undefined],
      (w: RefundRequestWorld) => w.send,
    ),
    'xstate.error.actor.requestRefund': errorFixture(
      'requestRefund',
      [http(400, LATE), http(401), offline],
      (w: RefundRequestWorld) => w.send,
    ),
  },
  states: {
    editing: ({ context }) => {
      assert.equal(context.orderId, 'ord_1');
    },
    sending: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      // Only a reason that says something is sent, trimmed.
      assert.deepEqual(world.send.last().input, {
        orderId: 'ord_1',
        reason: 'The class was cancelled.',
      });
    },
    failed: (snapshot) => {
      assert.ok(snapshot.hasTag('error'));
      assert.ok(snapshot.context.error);
    },
    sent: ({ status }, { world }) => {
      assert.equal(status, 'done');
      assert.ok(world.send.calls.length >= 1);
    },
    unauthorized: ({ status }) => assert.equal(status, 'done'),
  },
};
