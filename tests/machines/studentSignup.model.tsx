// Path model of the studentSignup machine, walked on the machine and through /student/signup's
// view. The routing (routeByFlow.ts, tested on its own) is a fake.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { NavigateParams } from '../../machines/shared/navigation';
import type { Me } from '../../machines/login/profile';
import type { PaymentToStore, RouteDecision } from '../../machines/login/routeByFlow';
import {
  signupVisibleErrors,
  studentSignupMachine,
  type SignupField,
  type OnboardInput,
  type OnboardOutput,
  type SignupDraft,
  type SignupStart,
} from '../../machines/studentSignup/studentSignup.machine';
import { messages } from '../../src/domain/messages';
import { apiMessages } from '../../src/domain/apiMessages';
import { StudentSignupView } from '../../src/ui/routes/student/StudentSignupPage';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import {
  buttonNamed,
  clickOn,
  expectFieldError,
  leave,
  queryButton,
  typeInto,
} from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

export interface SignupWorld {
  load: FakeCall<SignupStart, void>;
  fetchMe: FakeCall<Me, void>;
  onboard: FakeCall<OnboardOutput, OnboardInput>;
  route: FakeCall<RouteDecision, void>;
  drafts: SignupDraft[];
  cleared: number;
  payments: PaymentToStore[];
  navigations: NavigateParams[];
}

export const signupWorld = (): SignupWorld => ({
  load: fakeCall(),
  fetchMe: fakeCall(),
  onboard: fakeCall(),
  route: fakeCall(),
  drafts: [],
  cleared: 0,
  payments: [],
  navigations: [],
});

export const provideSignup = (w: SignupWorld) =>
  studentSignupMachine.provide({
    actors: {
      loadSignup: w.load.logic,
      fetchMe: w.fetchMe.logic,
      onboard: w.onboard.logic,
      routeByFlow: w.route.logic,
    },
    actions: {
      saveDraft: (_, draft) => void w.drafts.push(draft),
      clearDraft: () => void (w.cleared += 1),
      storePayment: (_, payment) => void w.payments.push(payment),
      navigate: (_, params) => void w.navigations.push(params),
    },
  });

const PHONE = '9876543210';
export const NEW_ME: Me = { first_name: null, last_name: null, pan: null, phone: PHONE };
export const PAN_ON_FILE_ME: Me = {
  first_name: null,
  last_name: null,
  pan: 'BXKPM4821Q',
  phone: PHONE,
};
export const COMPLETE_ME: Me = {
  first_name: 'Rohan',
  last_name: 'Mehta',
  pan: 'BXKPM4821Q',
  phone: PHONE,
};
const TUTOR: PaymentToStore = {
  kind: 'tutor',
  tutorId: '7',
  tutorName: 'Asha Verma',
  tutorPhone: '9123456780',
};

export const studentSignupEvents = {
  'signup.change': [
    { type: 'signup.change', field: 'firstName', value: 'Rohan' },
    { type: 'signup.change', field: 'lastName', value: 'Mehta' },
    { type: 'signup.change', field: 'pan', value: 'bxkpm4821q' },
    { type: 'signup.change', field: 'pan', value: 'BXK' },
  ],
  'signup.blur': [{ type: 'signup.blur', field: 'pan' }],
  'signup.submit': [{ type: 'signup.submit' }],
  'signup.retry': [{ type: 'signup.retry' }],
} satisfies EventFixtures<typeof studentSignupMachine, SignupWorld>;

const m = messages.studentSignup;
const LABELS: Record<SignupField, string> = {
  firstName: m.firstName,
  lastName: m.lastName,
  pan: m.pan,
};
const field = (name: SignupField) =>
  screen.queryByRole<HTMLInputElement>('textbox', { name: new RegExp(`^${LABELS[name]}`) });
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const loader = () => screen.queryByLabelText(m.title);

/** /student/signup as the student sees it. */
export const studentSignupScreen: UiLayer<typeof studentSignupMachine, SignupWorld> = {
  view: ({ actor }) => <StudentSignupView actor={actor} />,
  gestures: {
    'signup.change': ({ field: name, value }, ui) => typeInto(field(name), value, ui),
    'signup.blur': ({ field: name }, ui) => leave(field(name), ui),
    'signup.submit': (_, ui) => clickOn(queryButton(m.submit), ui),
    'signup.retry': (_, ui) => clickOn(queryButton(m.tryAgain), ui),
  },
  screens: {
    starting: () => {
      expect(loader()).toBeInTheDocument();
    },
    loadingUser: () => {
      expect(loader()).toBeInTheDocument();
    },
    loadFailed: ({ context }) => {
      expect(alerts()).toEqual([context.error]);
      expect(buttonNamed(m.tryAgain)).toBeEnabled();
    },
    editing: ({ context }) => {
      const errors = signupVisibleErrors(context);
      const shown: SignupField[] = context.panRequired
        ? ['firstName', 'lastName', 'pan']
        : ['firstName', 'lastName'];
      for (const name of shown) {
        expect(field(name)).toHaveValue(context[name]);
        expectFieldError(field(name), errors[name]);
      }
      if (!context.panRequired) expect(field('pan')).not.toBeInTheDocument();
    },
    'editing.idle': () => expect(alerts()).toEqual([]),
    'editing.failed': ({ context }) => expect(alerts()).toEqual([context.error]),
    submitting: () => {
      expect(buttonNamed(m.submit)).toBeDisabled();
      expect(field('firstName')).toHaveAttribute('readonly');
    },
    routing: () => {
      expect(loader()).toBeInTheDocument();
    },
    routeFailed: ({ context }) => {
      expect(alerts()).toEqual([context.error]);
      expect(buttonNamed(m.tryAgain)).toBeEnabled();
    },
    // The page leaves (the machine layer checks where).
    done: () => {
      expect(loader()).toBeInTheDocument();
    },
  },
};

export const studentSignupPathModel: PathModel<typeof studentSignupMachine, SignupWorld> = {
  name: 'studentSignup',
  machine: studentSignupMachine,
  world: signupWorld,
  provide: provideSignup,
  events: studentSignupEvents,
  ui: studentSignupScreen,
  internal: {
    'xstate.done.actor.loadSignup': doneFixture(
      'loadSignup',
      [
        { signedIn: false, draft: null, autoFill: null },
        { signedIn: true, draft: { firstName: 'Rohan', pan: '' }, autoFill: { lastName: 'Mehta' } },
      ],
      (w: SignupWorld) => w.load,
    ),
    'xstate.error.actor.loadSignup': errorFixture(
      'loadSignup',
      [offline],
      (w: SignupWorld) => w.load,
    ),
    'xstate.done.actor.fetchMe': doneFixture(
      'fetchMe',
      [NEW_ME, PAN_ON_FILE_ME, COMPLETE_ME],
      (w: SignupWorld) => w.fetchMe,
    ),
    'xstate.error.actor.fetchMe': errorFixture(
      'fetchMe',
      [http(401, messages.auth.invalidToken), offline],
      (w: SignupWorld) => w.fetchMe,
    ),
    'xstate.done.actor.onboard': doneFixture(
      'onboard',
      [{ pan: 'BXKPM4821Q' }, { pan: null }],
      (w: SignupWorld) => w.onboard,
    ),
    'xstate.error.actor.onboard': errorFixture(
      'onboard',
      [http(400, apiMessages.identity.panNameMismatch), http(401), http(500)],
      (w: SignupWorld) => w.onboard,
    ),
    'xstate.done.actor.routeByFlow': doneFixture(
      'routeByFlow',
      [{ to: '/static-link/asha-verma', store: TUTOR }],
      (w: SignupWorld) => w.route,
    ),
    'xstate.error.actor.routeByFlow': errorFixture(
      'routeByFlow',
      [offline],
      (w: SignupWorld) => w.route,
    ),
  },
  states: {
    starting: (_, { world }) => {
      assert.equal(world.load.calls.length, 1);
      assert.deepEqual(world.navigations, []);
    },
    loadingUser: ({ context }) => {
      // The draft wins over the hand-over; both are in before the server answers.
      assert.equal(context.firstName, 'Rohan');
      assert.equal(context.lastName, 'Mehta');
    },
    loadFailed: (snapshot) => {
      assert.equal(snapshot.context.error, messages.generic.network);
      assert.ok(snapshot.hasTag('error'));
    },
    editing: ({ context }, { world }) => {
      assert.equal(context.phone, PHONE);
      assert.equal(world.cleared, 0);
      // Every change is kept as the draft (D16: session storage, until saved).
      const last = world.drafts.at(-1);
      if (last)
        assert.deepEqual(last, {
          firstName: context.firstName,
          lastName: context.lastName,
          pan: context.pan,
        });
      assert.ok(/^[A-Z0-9]{0,10}$/.test(context.pan));
    },
    'editing.idle': ({ context }) => assert.equal(context.error, null),
    'editing.failed': ({ context }) =>
      assert.ok(
        context.error === apiMessages.identity.panNameMismatch ||
          context.error === messages.generic.registrationFailed,
      ),
    submitting: ({ context }, { world }) => {
      const input = world.onboard.last().input;
      assert.deepEqual(input, {
        phone: PHONE,
        first_name: 'Rohan',
        last_name: 'Mehta',
        ...(context.panRequired ? { pan: 'BXKPM4821Q' } : {}),
      });
    },
    routing: (_, { world }) => {
      assert.equal(world.cleared, 1);
      assert.ok(world.route.calls.length >= 1);
    },
    routeFailed: ({ context }) => assert.equal(context.error, messages.generic.network),
    done: (snapshot, { world }) => {
      assert.equal(snapshot.status, 'done');
      assert.equal(world.navigations.length, 1);
      const [navigation] = world.navigations;
      assert.equal(navigation?.replace, true);
      if (navigation?.to === '/student/login') {
        assert.deepEqual(world.payments, []);
      } else {
        assert.equal(navigation?.to, '/static-link/asha-verma');
        assert.deepEqual(world.payments, [TUTOR]);
        assert.equal(world.cleared, 1);
      }
    },
  },
};
