// Path model of the autopaySetup machine (turning on Autopay for a plan, issue 49), walked on
// the machine and through its screen (AutopaySetupScreen).
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import {
  autopaySetupMachine,
  emailProblem,
} from '../../machines/autopaySetup/autopaySetup.machine';
import type { AutopayPlanView } from '../../machines/shared/autopay';
import { autopayTexts } from '../../src/domain/autopayTexts';
import { messages } from '../../src/domain/messages';
import { SessionProvider } from '../../src/ui/app/session';
import { AutopaySetupScreen } from '../../src/ui/routes/student/autopay/AutopaySetupFlow';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, expectFieldError, queryButton, typeInto } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';
import { mandateView } from './mandateStatus.model';

const s = autopayTexts.setup;
const ALREADY = autopayTexts.api.already;
const INPUT = { planId: 4, studentId: 12 };

const PLAN: AutopayPlanView = {
  planId: 4,
  planName: 'Maths',
  kind: 'monthly',
  studentId: 12,
  studentName: 'Aarav Shah',
  tutorName: 'Asha Verma',
  amount: 200_000,
  dueDay: 20,
  instalmentDates: [],
  refusal: null,
  expiresAt: '2026-01-15T18:29:00.000Z',
  mandate: null,
};
const OVER_CAP: AutopayPlanView = { ...PLAN, amount: 2_000_000, refusal: 'over_cap' };
const LIVE: AutopayPlanView = { ...PLAN, mandate: mandateView('active', 'ACTIVE') };

type Answer = { plan: AutopayPlanView | null; email: string | null };

export interface AutopaySetupWorld {
  fetch: FakeCall<Answer, typeof INPUT>;
  create: FakeCall<{ mandateId: string; sessionId: string }, typeof INPUT & { email: string }>;
  open: FakeCall<void, { sessionId: string }>;
}

const events = {
  'email.change': [
    { type: 'email.change', value: 'meera@example.in' },
    { type: 'email.change', value: 'meera@example' },
  ],
  'setup.submit': [{ type: 'setup.submit' }],
  'setup.retry': [{ type: 'setup.retry' }],
} satisfies EventFixtures<typeof autopaySetupMachine, AutopaySetupWorld>;

const emailField = () => screen.queryByRole<HTMLInputElement>('textbox', { name: s.email });

export const autopaySetupScreen: UiLayer<typeof autopaySetupMachine, AutopaySetupWorld> = {
  view: ({ actor }) => (
    <SessionProvider role="student" logout={fromPromise(async () => {})}>
      <AutopaySetupScreen actor={actor} />
    </SessionProvider>
  ),
  gestures: {
    'email.change': (event, ui) => typeInto(emailField(), event.value, ui),
    'setup.submit': (_, ui) => clickOn(queryButton(s.submit), ui),
    'setup.retry': (_, ui) => clickOn(queryButton(autopayTexts.plans.retry), ui),
  },
  screens: {
    loading: () => expect(emailField()).toBeNull(),
    loadFailed: ({ context }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
      expect(buttonNamed(autopayTexts.plans.retry)).toBeEnabled();
    },
    notFound: () => {
      expect(screen.getByText(s.notFound)).toBeInTheDocument();
    },
    ineligible: () => {
      expect(screen.getByRole('status')).toHaveTextContent(
        autopayTexts.plans.overCap('₹20,000.00', '₹15,000.00'),
      );
    },
    already: () => {
      expect(screen.getByRole('status')).toHaveTextContent(ALREADY);
    },
    ready: ({ context }) => {
      // What the payer agrees to.
      expect(screen.getByText(s.amountEach('₹2,000.00'))).toBeInTheDocument();
      expect(screen.getByText(s.monthly('20th'))).toBeInTheDocument();
      expect(screen.getByText(s.validUntil('15th January 2026'))).toBeInTheDocument();
      expect(screen.getByText(s.notice)).toBeInTheDocument();
      expect(screen.getByText(s.cancelAnyTime)).toBeInTheDocument();
      expect(emailField()).toHaveValue(context.email);
      expectFieldError(emailField(), context.emailError);
      expect(buttonNamed(s.submit)).toBeEnabled();
    },
    submitting: () => {
      expect(buttonNamed(s.submit)).toHaveAttribute('data-loading', 'true');
    },
    opening: () => {
      expect(buttonNamed(s.submit)).toHaveAttribute('data-loading', 'true');
    },
    failed: ({ context }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
    },
    unauthorized: null,
  },
};

export const autopaySetupPathModel: PathModel<typeof autopaySetupMachine, AutopaySetupWorld> = {
  name: 'autopaySetup',
  machine: autopaySetupMachine,
  inputs: [INPUT],
  world: () => ({ fetch: fakeCall(), create: fakeCall(), open: fakeCall() }),
  provide: (w) =>
    autopaySetupMachine.provide({
      actors: {
        fetchPlan: w.fetch.logic,
        createMandate: w.create.logic,
        openMandatePage: w.open.logic,
      },
    }),
  events,
  ui: autopaySetupScreen,
  // The email changes only while the form is on screen and takes typing.
  possible: (snapshot, event) =>
    event.type !== 'email.change' || snapshot.matches('ready') || snapshot.matches('failed'),
  internal: {
    'xstate.done.actor.fetchPlan': doneFixture(
      'fetchPlan',
      [
        { plan: PLAN, email: null },
        { plan: PLAN, email: 'meera@example.in' },
        { plan: null, email: null },
        { plan: OVER_CAP, email: null },
        { plan: LIVE, email: null },
      ],
      (w: AutopaySetupWorld) => w.fetch,
    ),
    'xstate.error.actor.fetchPlan': errorFixture(
      'fetchPlan',
      [offline, http(401)],
      (w: AutopaySetupWorld) => w.fetch,
    ),
    'xstate.done.actor.createMandate': doneFixture(
      'createMandate',
      [{ mandateId: 'mdt_eeeeeeeeeeeeeeee', sessionId: 'sub_session_x' }],
      (w: AutopaySetupWorld) => w.create,
    ),
    'xstate.error.actor.createMandate': errorFixture(
      'createMandate',
      [http(409, ALREADY), http(401), offline],
      (w: AutopaySetupWorld) => w.create,
    ),
    'xstate.error.actor.openMandatePage': errorFixture(
      'openMandatePage',
      [new Error('The mandate page refused to open.')],
      (w: AutopaySetupWorld) => w.open,
    ),
  },
  states: {
    loading: (_, { world }) => assert.deepEqual(world.fetch.last().input, INPUT),
    loadFailed: ({ context }) => assert.equal(context.error, messages.generic.network),
    notFound: ({ context }) => assert.equal(context.plan, null),
    ineligible: ({ context }) => assert.equal(context.plan!.refusal, 'over_cap'),
    already: ({ context }) => assert.equal(context.plan!.mandate!.stage, 'active'),
    ready: ({ context }, { world }) => {
      assert.equal(context.plan, PLAN);
      // Nothing was asked of the server with an email that is not right.
      for (const call of world.create.calls) assert.equal(emailProblem(call.input.email), null);
    },
    submitting: ({ context }, { world }) => {
      assert.equal(emailProblem(context.email), null);
      assert.deepEqual(world.create.last().input, { ...INPUT, email: context.email });
    },
    opening: ({ context }, { world }) => {
      assert.equal(context.mandateId, 'mdt_eeeeeeeeeeeeeeee');
      assert.deepEqual(world.open.last().input, { sessionId: 'sub_session_x' });
    },
    failed: ({ context }) =>
      assert.ok(
        [ALREADY, messages.generic.network, messages.generic.somethingWrong].includes(
          context.error ?? '',
        ),
      ),
    unauthorized: (snapshot) => assert.equal(snapshot.status, 'done'),
  },
};
