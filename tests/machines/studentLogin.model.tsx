// Path model of the studentLogin machine, shared by its vitest suite and
// scripts/path-coverage.ts. The otp child is the real otp machine over fake calls; the
// routing (routeByFlow.ts, tested on its own) is a fake that answers a decision.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import type { NavigateParams } from '../../machines/shared/navigation';
import {
  otpMachine,
  type OtpSession,
  type SendOtpInput,
  type SendOtpOutput,
  type VerifyOtpInput,
} from '../../machines/otp/otp.machine';
import type { Me } from '../../machines/studentLogin/profile';
import type { PaymentToStore, RouteDecision } from '../../machines/studentLogin/routeByFlow';
import {
  loginPhoneError,
  studentLoginMachine,
  welcomeTexts,
  type SessionToStore,
  type StudentLoginActorRef,
} from '../../machines/studentLogin/studentLogin.machine';
import { ANALYTICS_EVENTS } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import { StudentLoginPage } from '../../src/ui/routes/student/StudentLoginPage';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, typeInto } from '../support/uiPaths';
import {
  doneFixture,
  errorFixture,
  fakeCall,
  flush,
  http,
  offline,
  type FakeCall,
} from './loginFakes';

export interface LoginWorld {
  requestOtp: FakeCall<SendOtpOutput, SendOtpInput>;
  verify: FakeCall<OtpSession, VerifyOtpInput>;
  send: FakeCall<SendOtpOutput, SendOtpInput>;
  fetchMe: FakeCall<Me, void>;
  route: FakeCall<RouteDecision, void>;
  sessions: SessionToStore[];
  payments: PaymentToStore[];
  tracked: unknown[];
  navigations: NavigateParams[];
  /** D128: what the page keeps for a reload (null: forgotten). */
  codeSentTo: { phone: string; resendAfter: number | null } | null;
}

export const loginWorld = (): LoginWorld => ({
  requestOtp: fakeCall(),
  verify: fakeCall(),
  send: fakeCall(),
  fetchMe: fakeCall(),
  route: fakeCall(),
  sessions: [],
  payments: [],
  tracked: [],
  navigations: [],
  codeSentTo: null,
});

export const provideLogin = (w: LoginWorld) =>
  studentLoginMachine.provide({
    actors: {
      requestOtp: w.requestOtp.logic,
      fetchMe: w.fetchMe.logic,
      routeByFlow: w.route.logic,
      otp: otpMachine.provide({ actors: { verifyOtp: w.verify.logic, sendOtp: w.send.logic } }),
    },
    actions: {
      storeSession: (_, session) => void w.sessions.push(session),
      storePayment: (_, payment) => void w.payments.push(payment),
      track: (_, params) => void w.tracked.push(params),
      navigate: (_, params) => void w.navigations.push(params),
      rememberCode: (_, params) => void (w.codeSentTo = params),
      forgetCode: () => void (w.codeSentTo = null),
    },
  });

const VALID = '9876543210';
const RESUMED = {
  phone: VALID,
  otp: { resendAfter: 12, notice: null, waitNotice: false },
};
const SESSION: OtpSession = { token: 'tok_1', userId: '42' };
export const COMPLETE_ME: Me = {
  first_name: 'Rohan',
  last_name: 'Mehta',
  pan: 'BXKPM4821Q',
  phone: VALID,
};
export const NO_PAN_ME: Me = { first_name: null, last_name: null, pan: null, phone: VALID };
const PAN_NO_NAME_ME: Me = { first_name: '', last_name: '', pan: 'BXKPM4821Q', phone: VALID };
const LINK_PAYMENT: PaymentToStore = {
  kind: 'link',
  linkId: 'lnk_1',
  amount: 300000,
  payeeId: '7',
  payeeName: 'Asha Verma',
  payeePhone: '9123456780',
};

export const studentLoginEvents = {
  'phone.change': [
    { type: 'phone.change', value: '98765' },
    { type: 'phone.change', value: VALID },
    { type: 'phone.change', value: '1234567890' }, // 10 digits, not a mobile number
  ],
  'phone.submit': [{ type: 'phone.submit' }],
  'phone.edit': [{ type: 'phone.edit' }],
  'login.continue': [{ type: 'login.continue' }],
} satisfies EventFixtures<typeof studentLoginMachine, LoginWorld>;

const m = messages.studentLogin;
const phoneField = () => screen.getByLabelText(m.phoneLabel);
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

/** Actors the page has taken (its machine arrives in a chunk after the first paint). */
const started = new WeakSet<object>();

/** /student/login as the student sees it, on the path's actor. */
export const studentLoginScreen: UiLayer<typeof studentLoginMachine, LoginWorld> = {
  view: ({ actor }) => (
    <StudentLoginPage
      startLogin={() => {
        started.add(actor);
        return actor as StudentLoginActorRef;
      }}
    />
  ),
  ready: ({ actor }) => assert.ok(started.has(actor), 'the page runs the login machine'),
  gestures: {
    'phone.change': ({ value }, ui) => typeInto(phoneField(), value, ui),
    'phone.submit': (_, ui) => clickOn(buttonNamed(m.submit), ui),
    'phone.edit': (_, ui) => clickOn(buttonNamed(messages.otp.changePhone), ui),
    'login.continue': (_, ui) => clickOn(buttonNamed(m.continue), ui),
  },
  screens: {
    phone: ({ context }) => {
      expect(phoneField()).toHaveValue(context.phone);
      expect(screen.queryByLabelText(messages.otp.label)).not.toBeInTheDocument();
    },
    'phone.editing': (snapshot) => {
      const error = loginPhoneError(snapshot);
      if (error) expect(phoneField()).toHaveAccessibleDescription(error);
      else expect(phoneField()).not.toHaveAccessibleDescription();
      if (snapshot.can({ type: 'phone.submit' })) expect(buttonNamed(m.submit)).toBeEnabled();
      else expect(buttonNamed(m.submit)).toBeDisabled();
      expect(alerts()).toEqual([]);
    },
    'phone.requesting': () => {
      expect(buttonNamed(m.submit)).toHaveAttribute('aria-busy', 'true');
      expect(phoneField()).toHaveAttribute('readonly');
    },
    'phone.failed': ({ context }) => {
      expect(alerts().join(' ')).toContain(context.error);
      const tutorLogin = screen.queryByText(messages.roles.loginAsTeacher, { selector: 'a' });
      if (context.roleConflict) expect(tutorLogin).toHaveAttribute('href', '/tutor/login');
      else expect(tutorLogin).not.toBeInTheDocument();
    },
    start: null,
    code: ({ context }) => {
      expect(screen.getByLabelText(messages.otp.label)).toBeInTheDocument();
      expect(screen.getByText(messages.otp.enterCode(context.phone))).toBeInTheDocument();
      expect(screen.queryByLabelText(m.phoneLabel)).not.toBeInTheDocument();
    },
    loadingUser: () => {
      expect(screen.getByLabelText(m.title)).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
    welcome: (snapshot) => {
      const texts = welcomeTexts(snapshot);
      expect(screen.getByText(texts.title)).toBeInTheDocument();
      expect(screen.getByText(texts.body)).toBeInTheDocument();
    },
    'welcome.idle': () => {
      expect(buttonNamed(m.continue)).toBeEnabled();
      expect(alerts()).toEqual([]);
    },
    'welcome.failed': ({ context }) => {
      expect(alerts()).toEqual([context.routeError]);
      expect(buttonNamed(m.continue)).toBeEnabled();
    },
    routing: () => {
      expect(buttonNamed(m.continue)).toBeDisabled();
    },
    // The page leaves (the navigation is the machine layer's to check); Continue stays busy.
    done: () => {
      expect(buttonNamed(m.continue)).toBeDisabled();
    },
  },
};

export const studentLoginPathModel: PathModel<typeof studentLoginMachine, LoginWorld> = {
  name: 'studentLogin',
  machine: studentLoginMachine,
  // From scratch, and back on the code step after a reload (D128), Resend waiting 12 s more.
  inputs: [{}, { resume: RESUMED }],
  world: loginWorld,
  provide: provideLogin,
  events: studentLoginEvents,
  ui: studentLoginScreen,
  internal: {
    'xstate.done.actor.requestOtp': doneFixture(
      'requestOtp',
      [{ resendAfter: 30 }],
      (w: LoginWorld) => w.requestOtp,
    ),
    'xstate.error.actor.requestOtp': errorFixture(
      'requestOtp',
      [
        http(400, messages.roles.serverMismatch),
        http(429, messages.otp.waitBeforeResend(20), 20),
        http(400, 'Enter valid phone number'),
        http(500),
        offline,
      ],
      (w: LoginWorld) => w.requestOtp,
    ),
    // The real otp child: the student types the code and the fake server accepts it.
    'xstate.done.actor.otp': {
      cases: [{ type: 'xstate.done.actor.otp', output: SESSION } as EventObject],
      exec: async ({ actor, world }) => {
        const otp = actor.getSnapshot().children.otp;
        assert.ok(otp, 'the otp machine runs in the code step');
        otp.send({ type: 'otp.change', value: '1234' });
        (world as LoginWorld).verify.last().resolve(SESSION);
        await flush();
      },
    },
    'xstate.done.actor.fetchMe': doneFixture(
      'fetchMe',
      [COMPLETE_ME, NO_PAN_ME, PAN_NO_NAME_ME],
      (w: LoginWorld) => w.fetchMe,
    ),
    'xstate.error.actor.fetchMe': errorFixture('fetchMe', [offline], (w: LoginWorld) => w.fetchMe),
    'xstate.done.actor.routeByFlow': doneFixture(
      'routeByFlow',
      [
        { to: '/pay/review', store: LINK_PAYMENT },
        { to: '/student/dashboard', store: null },
      ],
      (w: LoginWorld) => w.route,
    ),
    'xstate.error.actor.routeByFlow': errorFixture(
      'routeByFlow',
      [offline],
      (w: LoginWorld) => w.route,
    ),
  },
  states: {
    phone: ({ context }, { world }) => {
      assert.equal(context.session, null);
      assert.deepEqual(world.sessions, []);
      assert.deepEqual(world.navigations, []);
      assert.ok(/^\d{0,10}$/.test(context.phone));
      assert.equal(world.codeSentTo, null, 'no code is remembered on the phone step');
    },
    'phone.editing': (snapshot) => {
      assert.equal(snapshot.context.error, null);
      assert.equal(snapshot.can({ type: 'phone.submit' }), snapshot.context.phone === VALID);
    },
    'phone.requesting': ({ context }, { world }) => {
      assert.deepEqual(world.requestOtp.last().input, { phone: context.phone, role: 'student' });
    },
    'phone.failed': ({ context }) => {
      assert.ok(context.error);
      assert.equal(context.roleConflict, context.error === messages.roles.alreadyTeacher);
      assert.notEqual(context.error, messages.roles.serverMismatch);
    },
    // Transient: never at rest, so never asserted; the states after it are.
    start: () => assert.fail('start is left at once'),
    code: (snapshot, { world }) => {
      assert.ok(snapshot.children.otp);
      assert.equal(snapshot.context.phone, VALID);
      assert.deepEqual(snapshot.children.otp.getSnapshot().context.phone, VALID);
      // D128: a code that went out is remembered for a reload; a resumed one is the page's
      // already, and Resend waits what was left of its wait.
      if (snapshot.context.resumed) {
        assert.equal(world.codeSentTo, null);
        assert.deepEqual(snapshot.context.otp, RESUMED.otp);
      } else {
        assert.deepEqual(world.codeSentTo, {
          phone: VALID,
          resendAfter: snapshot.context.otp.resendAfter,
        });
      }
    },
    loadingUser: ({ context }, { world }) => {
      assert.deepEqual(context.session, SESSION);
      assert.equal(world.codeSentTo, null, 'the code step forgets its code once left');
      assert.deepEqual(world.sessions, [{ ...SESSION, phone: VALID }]);
      // D22: the event name only.
      assert.deepEqual(world.tracked, [{ event: ANALYTICS_EVENTS.loggedIn }]);
      assert.equal(world.fetchMe.calls.length, 1);
    },
    welcome: ({ context }, { world }) => {
      assert.ok(context.user);
      assert.deepEqual(world.navigations, []);
    },
    'welcome.idle': ({ context }) => assert.equal(context.routeError, null),
    'welcome.failed': ({ context }) => assert.equal(context.routeError, messages.generic.network),
    routing: ({ context }, { world }) => {
      assert.equal(context.user?.complete, true);
      assert.ok(world.route.calls.length >= 1);
    },
    done: (snapshot, { world }) => {
      assert.equal(snapshot.status, 'done');
      assert.equal(world.navigations.length, 1);
      const [navigation] = world.navigations;
      assert.equal(navigation?.replace, true);
      if (snapshot.context.user?.complete) {
        assert.ok(['/pay/review', '/student/dashboard'].includes(navigation?.to ?? ''));
        assert.deepEqual(world.payments, navigation?.to === '/pay/review' ? [LINK_PAYMENT] : []);
      } else {
        // A failed getMe (user null) or an incomplete profile: sign-up.
        assert.equal(navigation?.to, '/student/signup');
        assert.deepEqual(world.payments, []);
      }
    },
  },
};
