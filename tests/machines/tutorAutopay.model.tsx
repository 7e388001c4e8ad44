// Path model of the tutorAutopay machine (the tutor's Autopay list on the Students and Dues tabs,
// issue 49), walked on the machine and through its view (TutorAutopayView).
import assert from 'node:assert/strict';
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import type { TutorMandateView } from '../../machines/shared/autopay';
import { tutorAutopayMachine } from '../../machines/tutorAutopay/tutorAutopay.machine';
import { autopayTexts } from '../../src/domain/autopayTexts';
import { messages } from '../../src/domain/messages';
import { SessionProvider } from '../../src/ui/app/session';
import { TutorAutopayView } from '../../src/ui/routes/tutor/dashboard/autopay/TutorAutopay';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, queryButton } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

const t = autopayTexts.tutor;
const ENDED = 'This Autopay has ended already.';

export const ACTIVE_MANDATE: TutorMandateView = {
  id: 'mdt_aaaaaaaaaaaaaaaa',
  status: 'ACTIVE',
  stage: 'active',
  studentName: 'Aarav Shah',
  planName: 'Maths',
  nextDebit: { dueDate: '2025-02-20', amount: 200_000, state: 'scheduled', reason: null },
  lastDebit: null,
};
const ENDED_MANDATE: TutorMandateView = {
  id: 'mdt_bbbbbbbbbbbbbbbb',
  status: 'CUSTOMER_CANCELLED',
  stage: 'cancelled',
  studentName: 'Diya Nair',
  planName: 'Maths',
  nextDebit: null,
  lastDebit: {
    dueDate: '2025-01-20',
    amount: 200_000,
    state: 'failed',
    reason: autopayTexts.reasons.insufficientFunds,
  },
};
const CANCELLED: TutorMandateView = {
  ...ACTIVE_MANDATE,
  status: 'CANCELLED',
  stage: 'cancelled',
  nextDebit: null,
};

export interface TutorAutopayWorld {
  fetch: FakeCall<TutorMandateView[], void>;
  cancel: FakeCall<TutorMandateView, { id: string }>;
}

const world = (): TutorAutopayWorld => ({ fetch: fakeCall(), cancel: fakeCall() });

const events = {
  'cancel.ask': [{ type: 'cancel.ask', id: ACTIVE_MANDATE.id }],
  'cancel.confirm': [{ type: 'cancel.confirm' }],
  'cancel.dismiss': [{ type: 'cancel.dismiss' }],
  'list.retry': [{ type: 'list.retry' }],
} satisfies EventFixtures<typeof tutorAutopayMachine, TutorAutopayWorld>;

const dialog = () => screen.queryByRole('dialog', { name: t.cancelTitle });
const card = (name: string) => screen.getByRole('article', { name });

export const tutorAutopayScreen: UiLayer<typeof tutorAutopayMachine, TutorAutopayWorld> = {
  view: ({ actor }) => (
    <SessionProvider role="teacher" logout={fromPromise(async () => {})}>
      <TutorAutopayView actor={actor} />
    </SessionProvider>
  ),
  gestures: {
    'cancel.ask': (_, ui) =>
      clickOn(screen.queryByRole('button', { name: t.cancelAria(ACTIVE_MANDATE.studentName) }), ui),
    'cancel.confirm': (_, ui) => clickOn(queryButton(t.cancelYes), ui),
    'cancel.dismiss': (_, ui) => clickOn(queryButton(t.keep) ?? queryButton(t.close), ui),
    'list.retry': (_, ui) => clickOn(queryButton(t.retry), ui),
  },
  screens: {
    loading: () => expect(screen.queryByRole('article')).toBeNull(),
    loadFailed: ({ context }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
      expect(buttonNamed(t.retry)).toBeEnabled();
    },
    ready: ({ context }) => {
      expect(dialog()).toBeNull();
      const active = context.rows!.find((row) => row.id === ACTIVE_MANDATE.id)!;
      expect(card(active.studentName)).toHaveTextContent(autopayTexts.stages[active.stage]);
      if (active.stage === 'active') {
        expect(card(active.studentName)).toHaveTextContent(
          t.nextDebit('₹2,000.00', '20th February 2025'),
        );
      }
      expect(card(ENDED_MANDATE.studentName)).toHaveTextContent(
        autopayTexts.reasons.insufficientFunds,
      );
      // An ended mandate has no Cancel.
      expect(within(card(ENDED_MANDATE.studentName)).queryByRole('button')).toBeNull();
      if (context.cancelled) expect(screen.getByRole('status')).toHaveTextContent(t.cancelled);
    },
    confirming: () => {
      expect(
        within(dialog()!).getByText(t.cancelQuestion('Aarav Shah', 'Maths')),
      ).toBeInTheDocument();
    },
    cancelling: () => {
      expect(buttonNamed(t.cancelYes)).toHaveAttribute('data-loading', 'true');
    },
    cancelFailed: ({ context }) => {
      expect(within(dialog()!).getByRole('alert')).toHaveTextContent(context.error!);
    },
    unauthorized: null,
  },
};

export const tutorAutopayPathModel: PathModel<typeof tutorAutopayMachine, TutorAutopayWorld> = {
  name: 'tutorAutopay',
  machine: tutorAutopayMachine,
  world,
  provide: (w) =>
    tutorAutopayMachine.provide({
      actors: { fetchMandates: w.fetch.logic, cancelMandate: w.cancel.logic },
    }),
  events,
  ui: tutorAutopayScreen,
  // Cancel is offered for a mandate still running only (the cancelled one has none).
  possible: (snapshot, event) =>
    event.type !== 'cancel.ask' ||
    snapshot.context.rows?.find((row) => row.id === ACTIVE_MANDATE.id)?.stage === 'active',
  internal: {
    'xstate.done.actor.fetchMandates': doneFixture(
      'fetchMandates',
      [[ACTIVE_MANDATE, ENDED_MANDATE]],
      (w: TutorAutopayWorld) => w.fetch,
    ),
    'xstate.error.actor.fetchMandates': errorFixture(
      'fetchMandates',
      [offline, http(401)],
      (w: TutorAutopayWorld) => w.fetch,
    ),
    'xstate.done.actor.cancelMandate': doneFixture(
      'cancelMandate',
      [CANCELLED],
      (w: TutorAutopayWorld) => w.cancel,
    ),
    'xstate.error.actor.cancelMandate': errorFixture(
      'cancelMandate',
      [http(409, ENDED), http(401), offline],
      (w: TutorAutopayWorld) => w.cancel,
    ),
  },
  states: {
    loading: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      assert.ok(world.fetch.calls.length >= 1);
    },
    loadFailed: ({ context }) => assert.equal(context.error, messages.generic.network),
    ready: ({ context }, { world }) => {
      assert.equal(context.asked, null);
      assert.ok(context.rows);
      // Only the mandate asked about is ever cancelled.
      for (const call of world.cancel.calls)
        assert.deepEqual(call.input, { id: ACTIVE_MANDATE.id });
      if (context.cancelled) {
        assert.equal(context.rows.find((row) => row.id === ACTIVE_MANDATE.id)!.stage, 'cancelled');
      }
    },
    confirming: ({ context }) => assert.equal(context.asked, ACTIVE_MANDATE.id),
    cancelling: ({ context }, { world }) => {
      assert.equal(context.asked, ACTIVE_MANDATE.id);
      assert.ok(world.cancel.calls.length >= 1);
    },
    cancelFailed: ({ context }) =>
      assert.ok([ENDED, messages.generic.network].includes(context.error ?? '')),
    unauthorized: (snapshot) => assert.equal(snapshot.status, 'done'),
  },
};
