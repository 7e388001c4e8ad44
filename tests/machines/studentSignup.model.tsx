// Path model of the studentSignup machine, walked on the machine and through /student/signup's
// view. The form is the real personalDetails machine (its own paths cover it), driven through
// its events against fake calls; the routing (routeByFlow.ts, tested on its own) is a fake.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import type { NavigateParams } from '../../machines/shared/navigation';
import type { Me } from '../../machines/login/profile';
import type { PaymentToStore, RouteDecision } from '../../machines/login/routeByFlow';
import {
  studentSignupMachine,
  type SignupStart,
} from '../../machines/studentSignup/studentSignup.machine';
import { messages } from '../../src/domain/messages';
import { StudentSignupView } from '../../src/ui/routes/student/StudentSignupFlow';
import type { EventFixture, EventFixtures, PathModel, PathRun, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, queryButton } from '../support/uiPaths';
import {
  doneFixture,
  errorFixture,
  fakeCall,
  flush,
  http,
  offline,
  type FakeCall,
} from './loginFakes';
import { detailsWorld, provideDetails, type DetailsWorld } from './personalDetails.model';
import { PAN } from './personalDetails.events';

export interface SignupWorld {
  load: FakeCall<SignupStart, void>;
  fetchMe: FakeCall<Me, void>;
  details: DetailsWorld;
  route: FakeCall<RouteDecision, void>;
  cleared: number;
  payments: PaymentToStore[];
  navigations: NavigateParams[];
}

export const signupWorld = (): SignupWorld => ({
  load: fakeCall(),
  fetchMe: fakeCall(),
  details: detailsWorld(),
  route: fakeCall(),
  cleared: 0,
  payments: [],
  navigations: [],
});

export const provideSignup = (w: SignupWorld) =>
  studentSignupMachine.provide({
    actors: {
      loadSignup: w.load.logic,
      fetchMe: w.fetchMe.logic,
      personalDetails: provideDetails(w.details),
      routeByFlow: w.route.logic,
    },
    actions: {
      clearDraft: () => void (w.cleared += 1),
      storePayment: (_, payment) => void w.payments.push(payment),
      navigate: (_, params) => void w.navigations.push(params),
    },
  });

const PHONE = '9876543210';
export const NEW_ME: Me = { first_name: null, last_name: null, pan: null, phone: PHONE };
export const PAN_ON_FILE_ME: Me = { first_name: null, last_name: null, pan: PAN, phone: PHONE };
export const COMPLETE_ME: Me = { first_name: 'Rohan', last_name: 'Mehta', pan: PAN, phone: PHONE };
const TUTOR: PaymentToStore = {
  kind: 'tutor',
  tutorId: '7',
  tutorName: 'Asha Verma',
  tutorPhone: '9123456780',
};

type Run = PathRun<SignupWorld>;

/** The form, filled and saved: the student's names (and PAN if asked), then the answer. */
const detailsDone: EventFixture<EventObject, SignupWorld> = {
  cases: [
    { type: 'xstate.done.actor.details', output: { result: 'saved' } },
    { type: 'xstate.done.actor.details', output: { result: 'unauthorized' } },
  ] as never,
  exec: async ({ actor, world }: Run, event) => {
    const details = actor.getSnapshot().children.details;
    if (!details) throw new Error('The form is not running.');
    const { result } = (event as unknown as { output: { result: string } }).output;
    details.send({ type: 'details.change', field: 'firstName', value: 'Rohan' });
    details.send({ type: 'details.change', field: 'lastName', value: 'Mehta' });
    details.send({ type: 'details.change', field: 'pan', value: PAN });
    details.send({ type: 'consent.toggle', value: true });
    details.send({ type: 'details.submit' });
    const call = world.details.onboard.last();
    if (result === 'saved') call.resolve({ pan: PAN });
    else call.reject(http(401, messages.auth.invalidToken));
    await flush();
  },
};

export const studentSignupEvents = {
  'signup.retry': [{ type: 'signup.retry' }],
} satisfies EventFixtures<typeof studentSignupMachine, SignupWorld>;

const m = messages.studentSignup;
const field = (label: string) =>
  screen.queryByRole<HTMLInputElement>('textbox', { name: new RegExp(`^${label}`) });
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const loader = () => screen.queryByLabelText(m.title);

/** /student/signup as the student sees it (the form's own paths check the form). */
export const studentSignupScreen: UiLayer<typeof studentSignupMachine, SignupWorld> = {
  view: ({ actor }) => <StudentSignupView actor={actor} />,
  gestures: {
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
    // The form opens with what was prefilled; the PAN field only while none is on file.
    details: ({ context }) => {
      expect(field(m.firstName)).toHaveValue(context.firstName);
      expect(field(m.lastName)).toHaveValue(context.lastName);
      if (context.panRequired) expect(field(m.pan)).toHaveValue(context.pan);
      else expect(field(m.pan)).not.toBeInTheDocument();
      expect(screen.getByText(m.intro)).toBeInTheDocument();
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
    'xstate.done.actor.details': detailsDone,
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
    details: (snapshot, { world }) => {
      assert.equal(snapshot.context.phone, PHONE);
      assert.ok(snapshot.children.details);
      assert.equal(world.cleared, 0);
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
