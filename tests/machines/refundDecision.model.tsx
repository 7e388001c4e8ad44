// Path model of the refundDecision machine (Approve / Decline on the tutor's Refunds tab),
// shared by its vitest suite and scripts/path-coverage.ts. The fake decision answers with the
// refund, a 401, a 409 with the server's message, or no answer.
import assert from 'node:assert/strict';
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import {
  refundDecisionMachine,
  type RefundDecisionInput,
  type RefundDecisionKind,
} from '../../machines/refundDecision/refundDecision.machine';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { messages } from '../../src/domain/messages';
import { DecisionDialogView } from '../../src/ui/routes/tutor/dashboard/refunds/RefundsPanel';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, queryButton } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

export const APPROVE_PRIYA: RefundDecisionInput = {
  decision: 'approve',
  refund: { id: 'rfd_1', studentName: 'Priya Sharma', amount: 202388 },
};
export const ALREADY = 'This refund request has already been approved.';

export interface RefundDecisionWorld {
  decide: FakeCall<unknown, { id: string; decision: RefundDecisionKind }>;
  reloads: number;
}

export const refundDecisionWorld = (): RefundDecisionWorld => ({ decide: fakeCall(), reloads: 0 });

export const provideRefundDecision = (w: RefundDecisionWorld) =>
  refundDecisionMachine.provide({
    actors: { decide: w.decide.logic },
    actions: {
      reloadList: () => {
        w.reloads += 1;
      },
    },
  });

export const refundDecisionEvents = {
  confirm: [{ type: 'confirm' }],
  cancel: [{ type: 'cancel' }],
  retry: [{ type: 'retry' }],
  close: [{ type: 'close' }],
} satisfies EventFixtures<typeof refundDecisionMachine, RefundDecisionWorld>;

const t = dashboardTexts.tutor.refunds;
const retryText = dashboardTexts.common.retry;
const dialog = () => screen.getByRole('dialog', { name: t.approveTitle });

/** The Refunds tab's Approve dialog for Priya's refund. */
export const refundDecisionScreen: UiLayer<typeof refundDecisionMachine, RefundDecisionWorld> = {
  view: ({ actor }) => <DecisionDialogView actor={actor} />,
  gestures: {
    confirm: (_, ui) => clickOn(queryButton(t.approveConfirm), ui),
    cancel: (_, ui) => clickOn(queryButton(t.cancel), ui),
    retry: (_, ui) => clickOn(queryButton(retryText), ui),
    close: (_, ui) => clickOn(queryButton(t.close), ui),
  },
  screens: {
    confirming: () => {
      expect(within(dialog()).getByText('Refund ₹2,023.88 to Priya Sharma?')).toBeInTheDocument();
      expect(buttonNamed(t.approveConfirm)).toBeEnabled();
      expect(screen.queryByRole('alert')).toBeNull();
    },
    sending: () => {
      expect(buttonNamed(t.approveConfirm)).toHaveAttribute('data-loading', 'true');
      expect(buttonNamed(t.cancel)).toBeDisabled();
    },
    failed: (snapshot) => {
      expect(within(dialog()).getByRole('alert')).toHaveTextContent(snapshot.context.error!);
      // Already decided: nothing to try again.
      expect(queryButton(retryText) === null).toBe(snapshot.context.conflict);
    },
    // The tab closes the dialog (and reloads its list), or the session ends.
    done: null,
    closed: null,
    unauthorized: null,
  },
};

export const refundDecisionPathModel: PathModel<typeof refundDecisionMachine, RefundDecisionWorld> =
  {
    name: 'refundDecision',
    machine: refundDecisionMachine,
    inputs: [APPROVE_PRIYA],
    world: refundDecisionWorld,
    provide: provideRefundDecision,
    events: refundDecisionEvents,
    ui: refundDecisionScreen,
    internal: {
      'xstate.done.actor.decide': doneFixture(
        'decide',
        [{ id: 'rfd_1', status: 'PENDING' }],
        (w: RefundDecisionWorld) => w.decide,
      ),
      'xstate.error.actor.decide': errorFixture(
        'decide',
        [http(401), http(409, ALREADY), offline],
        (w: RefundDecisionWorld) => w.decide,
      ),
    },
    states: {
      confirming: ({ context }, { world }) => {
        assert.equal(world.decide.calls.length, 0);
        assert.equal(context.error, null);
      },
      sending: (snapshot, { world }) => {
        assert.ok(snapshot.hasTag('loading'));
        assert.deepEqual(world.decide.last().input, { id: 'rfd_1', decision: 'approve' });
      },
      failed: (snapshot, { world }) => {
        assert.ok(snapshot.hasTag('error'));
        if (snapshot.context.conflict) {
          // Already decided: the server's words, the list reloaded, no retry.
          assert.equal(snapshot.context.error, ALREADY);
          assert.equal(world.reloads, 1);
          assert.equal(snapshot.can({ type: 'retry' }), false);
        } else {
          assert.equal(snapshot.context.error, messages.generic.network);
          assert.equal(world.reloads, 0);
          assert.ok(snapshot.can({ type: 'retry' }));
        }
      },
      done: ({ status }, { world }) => {
        assert.equal(status, 'done');
        assert.equal(world.reloads, 1);
      },
      closed: ({ status }) => {
        assert.equal(status, 'done');
      },
      unauthorized: ({ status }, { world }) => {
        assert.equal(status, 'done');
        assert.equal(world.reloads, 0);
      },
    },
  };
