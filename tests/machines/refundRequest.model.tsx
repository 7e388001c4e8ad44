// Path model of the refundRequest machine, walked on the machine and through the student's
// refund form.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { refundRequestMachine } from '../../machines/refundRequest/refundRequest.machine';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { RefundFormView } from '../../src/ui/routes/student/dashboard/RefundDialog';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, queryButton, typeInto } from '../support/uiPaths';
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

const t = dashboardTexts.student.refund;
const reasonField = () => screen.queryByRole('textbox', { name: new RegExp(`^${t.reason}`) });

/** The refund dialog's form, as a student sees it on the dashboard. */
export const refundRequestScreen: UiLayer<typeof refundRequestMachine, RefundRequestWorld> = {
  view: ({ actor }) => <RefundFormView actor={actor} onClose={() => {}} />,
  gestures: {
    'reason.change': ({ value }, ui) => typeInto(reasonField(), value, ui),
    'refund.submit': (_, ui) => clickOn(queryButton(t.submit), ui),
    'refund.edit': (_, ui) => clickOn(queryButton(t.back), ui),
  },
  screens: {
    editing: (snapshot) => {
      expect(reasonField()).toHaveValue(snapshot.context.reason);
      expect(screen.getByText(/^You can ask for a refund until /)).toBeInTheDocument();
      if (snapshot.context.reason.trim() === '') expect(buttonNamed(t.submit)).toBeDisabled();
      else expect(buttonNamed(t.submit)).toBeEnabled();
    },
    sending: () => {
      expect(buttonNamed(t.submit)).toHaveAttribute('data-loading', 'true');
      expect(reasonField()).toBeDisabled();
    },
    failed: (snapshot) => {
      expect(screen.getByRole('alert')).toHaveTextContent(snapshot.context.error!);
      expect(buttonNamed(t.back)).toBeEnabled();
    },
    sent: () => {
      expect(screen.getByRole('status')).toHaveTextContent(t.sent);
    },
    // The session ends (the form's useEndSessionOn401; the machine layer checks the state).
    unauthorized: null,
  },
};

export const refundRequestPathModel: PathModel<typeof refundRequestMachine, RefundRequestWorld> = {
  name: 'refundRequest',
  machine: refundRequestMachine,
  inputs: [REFUND_INPUT],
  world: refundRequestWorld,
  provide: provideRefundRequest,
  events: refundRequestEvents,
  ui: refundRequestScreen,
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
