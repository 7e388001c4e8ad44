// Path model of the mandateStatus machine (the Autopay status page the gateway's mandate page
// returns to, issue 49), walked on the machine and through its view (MandateStatusScreen).
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import {
  MANDATE_MAX_CHECKS,
  mandateStatusMachine,
} from '../../machines/mandateStatus/mandateStatus.machine';
import type { MandateView } from '../../machines/shared/autopay';
import { autopayTexts } from '../../src/domain/autopayTexts';
import { messages } from '../../src/domain/messages';
import { MandateStatusScreen } from '../../src/ui/routes/student/autopay/MandateStatusFlow';
import type { NavigateParams } from '../../machines/shared/navigation';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, queryButton } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

const s = autopayTexts.status;
const ID = 'mdt_dddddddddddddddd';

export function mandateView(
  stage: MandateView['stage'],
  status: MandateView['status'],
): MandateView {
  return {
    id: ID,
    status,
    stage,
    planId: 4,
    planName: 'Maths',
    studentId: 12,
    studentName: 'Aarav Shah',
    tutorName: 'Asha Verma',
    maxAmount: 200_000,
    expiresAt: '2026-01-15T18:29:00.000Z',
    nextDebit:
      stage === 'active'
        ? { dueDate: '2025-01-20', amount: 200_000, state: 'scheduled', reason: null }
        : null,
    lastDebit: null,
  };
}

const MANDATES = {
  pending: mandateView('pending', 'BANK_APPROVAL_PENDING'),
  active: mandateView('active', 'ACTIVE'),
  failed: mandateView('failed', 'AUTH_FAILED'),
};

export interface MandateStatusWorld {
  fetch: FakeCall<MandateView, { mandateId: string }>;
  navigations: NavigateParams[];
}

const events = {
  'status.check': [{ type: 'status.check' }],
} satisfies EventFixtures<typeof mandateStatusMachine, MandateStatusWorld>;

const heading = () => screen.queryByRole('heading', { level: 1 });

export const mandateStatusScreen: UiLayer<typeof mandateStatusMachine, MandateStatusWorld> = {
  view: ({ actor }) => <MandateStatusScreen actor={actor} />,
  gestures: {
    'status.check': (_, ui) => clickOn(queryButton(s.checkAgain), ui),
  },
  screens: {
    checking: ({ context }) => {
      if (context.mandate) expect(heading()).toHaveTextContent(s.headings.pending);
      else expect(screen.getByText(s.checking)).toBeInTheDocument();
    },
    waiting: ({ context }) => {
      if (context.mandate) {
        expect(heading()).toHaveTextContent(s.headings.pending);
        expect(screen.getByText(s.bodies.pending)).toBeInTheDocument();
      } else expect(screen.getByText(s.checking)).toBeInTheDocument();
    },
    stillPending: () => {
      expect(screen.getByRole('status')).toHaveTextContent(s.stillPending);
      expect(buttonNamed(s.checkAgain)).toBeEnabled();
    },
    unreachable: ({ context }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
      expect(buttonNamed(s.checkAgain)).toBeEnabled();
    },
    known: ({ context }) => {
      const { stage } = context.mandate!;
      expect(heading()).toHaveTextContent(s.headings[stage]);
      if (stage === 'active') {
        expect(screen.getByText(s.bodies.active('Asha Verma', 'Maths'))).toBeInTheDocument();
        expect(
          screen.getByText(autopayTexts.plans.nextDebit('₹2,000.00', '20th January 2025')),
        ).toBeInTheDocument();
      } else {
        // Not approved: the way to try again, on the setup page.
        expect(screen.getByRole('link', { name: s.tryAgain })).toHaveAttribute(
          'href',
          '/student/autopay/setup/4/12',
        );
      }
    },
    notFound: () => {
      expect(screen.getByText(autopayTexts.setup.notFound)).toBeInTheDocument();
    },
    leaving: () => expect(heading()).toBeNull(),
  },
};

export const mandateStatusPathModel: PathModel<typeof mandateStatusMachine, MandateStatusWorld> = {
  name: 'mandateStatus',
  machine: mandateStatusMachine,
  inputs: [{ mandateId: ID }],
  world: () => ({ fetch: fakeCall(), navigations: [] }),
  provide: (w) =>
    mandateStatusMachine.provide({
      actors: { fetchMandate: w.fetch.logic },
      actions: { navigate: (_, params) => void w.navigations.push(params) },
    }),
  events,
  ui: mandateStatusScreen,
  internal: {
    'xstate.done.actor.fetchMandate': doneFixture(
      'fetchMandate',
      [MANDATES.pending, MANDATES.active, MANDATES.failed],
      (w: MandateStatusWorld) => w.fetch,
    ),
    'xstate.error.actor.fetchMandate': errorFixture(
      'fetchMandate',
      [http(401), http(404, 'No such Autopay.'), offline],
      (w: MandateStatusWorld) => w.fetch,
    ),
  },
  states: {
    checking: ({ context }, { world }) => {
      assert.deepEqual(world.fetch.last().input, { mandateId: ID });
      assert.ok(context.checks >= 1 && context.checks <= MANDATE_MAX_CHECKS);
      assert.deepEqual(world.navigations, []);
    },
    waiting: ({ context }) => {
      assert.ok(context.checks < MANDATE_MAX_CHECKS, 'bounded');
      assert.ok(context.mandate === null || context.mandate.stage === 'pending' || context.error);
    },
    stillPending: ({ context }) => {
      assert.equal(context.checks, MANDATE_MAX_CHECKS);
      assert.equal(context.mandate!.stage, 'pending');
    },
    unreachable: ({ context }) => {
      assert.equal(context.checks, MANDATE_MAX_CHECKS);
      assert.equal(context.error, messages.generic.network);
    },
    known: ({ context }) => assert.notEqual(context.mandate!.stage, 'pending'),
    notFound: (_, { world }) => assert.deepEqual(world.navigations, []),
    leaving: (_, { world }) => assert.deepEqual(world.navigations, [{ to: '/student/login' }]),
  },
};
