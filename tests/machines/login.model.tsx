// Path model of the login machine, for both roles: walked on the machine and through each
// role's page (/student/login, /tutor/login). The otp child is the real otp machine over fake
// calls; the student's routing (routeByFlow.ts, tested on its own) is a fake that answers a
// decision.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import {
  loginMachine,
  loginPhoneError,
  termsHint,
  welcomeTexts,
  type Account,
  type LoginActorRef,
  type LoginInput,
  type LoginSnapshot,
  type SessionToStore,
} from '../../machines/login/login.machine';
import type { Me } from '../../machines/login/profile';
import type { PaymentToStore, RouteDecision } from '../../machines/login/routeByFlow';
import {
  otpMachine,
  type OtpSession,
  type SendOtpInput,
  type SendOtpOutput,
  type VerifyOtpInput,
} from '../../machines/otp/otp.machine';
import type { NavigateParams } from '../../machines/shared/navigation';
import type { StepToStore } from '../../machines/tutorGuard/onboardingStep';
import { ANALYTICS_EVENTS } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import { TUTOR_DASHBOARD_PATH, TUTOR_SIGNUP_PATH } from '../../src/domain/onboarding';
import { StudentLoginView } from '../../src/ui/routes/student/StudentLoginPage';
import { phoneView } from '../../src/ui/routes/student/studentLoginController';
import { TutorLoginView } from '../../src/ui/routes/tutor/login/TutorLoginPage';
import type { PathModel, UiLayer } from '../support/paths';
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
import { loginEvents, VALID } from './login.events';
import { APPROVED_TUTOR, NEW_TUTOR } from './tutorProfiles';

export { VALID };

export interface LoginWorld {
  requestOtp: FakeCall<SendOtpOutput, SendOtpInput>;
  verify: FakeCall<OtpSession, VerifyOtpInput>;
  send: FakeCall<SendOtpOutput, SendOtpInput>;
  account: FakeCall<Account, void>;
  route: FakeCall<RouteDecision, void>;
  sessions: SessionToStore[];
  cleared: number;
  steps: StepToStore[];
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
  account: fakeCall(),
  route: fakeCall(),
  sessions: [],
  cleared: 0,
  steps: [],
  payments: [],
  tracked: [],
  navigations: [],
  codeSentTo: null,
});

export const provideLogin = (w: LoginWorld) =>
  loginMachine.provide({
    actors: {
      requestOtp: w.requestOtp.logic,
      loadAccount: w.account.logic,
      routeByFlow: w.route.logic,
      otp: otpMachine.provide({ actors: { verifyOtp: w.verify.logic, sendOtp: w.send.logic } }),
    },
    actions: {
      storeSession: (_, session) => void w.sessions.push(session),
      clearSession: () => void (w.cleared += 1),
      storeStep: (_, step) => void w.steps.push(step),
      storePayment: (_, payment) => void w.payments.push(payment),
      track: (_, params) => void w.tracked.push(params),
      navigate: (_, params) => void w.navigations.push(params),
      rememberCode: (_, params) => void (w.codeSentTo = params),
      forgetCode: () => void (w.codeSentTo = null),
    },
  });

export const SESSION: OtpSession = { token: 'tok_1', userId: '42' };
const RESUMED = {
  phone: VALID,
  otp: { resendAfter: 12, notice: null, waitNotice: false },
};
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
const student = (me: Me): Account => ({ role: 'student', me });

const isStudent = (snapshot: LoginSnapshot) => snapshot.context.role === 'student';
const phoneField = () => screen.getByLabelText(messages.studentLogin.phoneLabel);
const terms = () => screen.getByRole<HTMLInputElement>('checkbox');
const submit = (snapshot: LoginSnapshot) =>
  buttonNamed(isStudent(snapshot) ? messages.studentLogin.submit : messages.tutorLogin.verify);
const title = (snapshot: LoginSnapshot) =>
  isStudent(snapshot) ? messages.studentLogin.title : messages.tutorLogin.title;
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

/** Each role's login page as the user sees it, on the path's actor. */
export const loginScreen: UiLayer<typeof loginMachine, LoginWorld> = {
  view: ({ actor }) =>
    (actor as LoginActorRef).getSnapshot().context.role === 'student' ? (
      <StudentLoginView actor={actor as LoginActorRef} phoneView={phoneView} />
    ) : (
      <TutorLoginView actor={actor as LoginActorRef} />
    ),
  gestures: {
    'phone.change': ({ value }, ui) => typeInto(phoneField(), value, ui),
    // Only the tutor's page has the box (`possible` asks only for a change of it).
    'terms.change': async ({ agreed }, ui) => {
      const box = screen.queryByRole<HTMLInputElement>('checkbox');
      return !box || box.checked === agreed ? 'blocked' : clickOn(box, ui);
    },
    'phone.submit': (_, ui) => clickOn(submit((ui.actor as LoginActorRef).getSnapshot()), ui),
    'phone.edit': (_, ui) => clickOn(buttonNamed(messages.otp.changePhone), ui),
    'login.continue': (_, ui) => clickOn(buttonNamed(messages.studentLogin.continue), ui),
  },
  screens: {
    phone: (snapshot) => {
      expect(phoneField()).toHaveValue(snapshot.context.phone);
      if (isStudent(snapshot)) expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
      else expect(terms().checked).toBe(snapshot.context.terms);
      expect(screen.queryByLabelText(messages.otp.label)).not.toBeInTheDocument();
    },
    'phone.editing': (snapshot) => {
      const error = loginPhoneError(snapshot);
      if (error) expect(phoneField()).toHaveAccessibleDescription(error);
      else expect(phoneField()).not.toHaveAccessibleDescription();
      if (!isStudent(snapshot)) {
        const hint = termsHint(snapshot);
        if (hint) expect(terms()).toHaveAccessibleDescription(hint);
        else expect(terms()).not.toHaveAccessibleDescription();
      }
      if (snapshot.can({ type: 'phone.submit' })) expect(submit(snapshot)).toBeEnabled();
      else expect(submit(snapshot)).toBeDisabled();
      expect(alerts()).toEqual([]);
    },
    'phone.requesting': (snapshot) => {
      expect(phoneField()).toHaveAttribute('readonly');
      if (isStudent(snapshot)) {
        expect(submit(snapshot)).toHaveAttribute('aria-busy', 'true');
      } else {
        expect(submit(snapshot)).toBeDisabled();
        expect(terms()).toBeDisabled();
      }
    },
    'phone.failed': (snapshot) => {
      expect(alerts().join(' ')).toContain(snapshot.context.error);
      // D14: the other role's phone links to the other login.
      const other = isStudent(snapshot)
        ? { label: messages.roles.loginAsTeacher, href: '/tutor/login' }
        : { label: messages.roles.loginAsStudent, href: '/student/login' };
      const link = screen.queryByText(other.label, { selector: 'a' });
      if (snapshot.context.roleConflict) expect(link).toHaveAttribute('href', other.href);
      else expect(link).not.toBeInTheDocument();
    },
    start: null,
    code: ({ context }) => {
      expect(screen.getByLabelText(messages.otp.label)).toBeInTheDocument();
      expect(screen.getByText(messages.otp.enterCode(context.phone))).toBeInTheDocument();
      expect(screen.queryByLabelText(messages.studentLogin.phoneLabel)).not.toBeInTheDocument();
    },
    arriving: (snapshot) => {
      expect(screen.getByLabelText(title(snapshot))).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
    welcome: (snapshot) => {
      const texts = welcomeTexts(snapshot);
      expect(screen.getByText(texts.title)).toBeInTheDocument();
      expect(screen.getByText(texts.body)).toBeInTheDocument();
    },
    'welcome.idle': () => {
      expect(buttonNamed(messages.studentLogin.continue)).toBeEnabled();
      expect(alerts()).toEqual([]);
    },
    'welcome.failed': ({ context }) => {
      expect(alerts()).toEqual([context.routeError]);
      expect(buttonNamed(messages.studentLogin.continue)).toBeEnabled();
    },
    routing: () => {
      expect(buttonNamed(messages.studentLogin.continue)).toBeDisabled();
    },
    // The page leaves (the navigation is the machine layer's to check).
    done: (snapshot) => {
      if (isStudent(snapshot)) expect(buttonNamed(messages.studentLogin.continue)).toBeDisabled();
      else expect(screen.getByLabelText(messages.tutorLogin.title)).toBeInTheDocument();
    },
  },
};

const inputs: LoginInput[] = (['student', 'teacher'] as const).flatMap((role) => [
  // From scratch, and back on the code step after a reload (D128), Resend waiting 12 s more.
  { role },
  { role, resume: RESUMED },
]);

export const loginPathModel: PathModel<typeof loginMachine, LoginWorld> = {
  name: 'login',
  machine: loginMachine,
  inputs,
  world: loginWorld,
  provide: provideLogin,
  events: loginEvents,
  ui: loginScreen,
  // The account answers with the role's own kind (user/me for a student, a tutor's profile);
  // the terms box can only be ticked when clear, and cleared when ticked.
  possible: (snapshot, event) =>
    (event.type !== 'xstate.done.actor.loadAccount' ||
      (event as { output?: Account }).output?.role === snapshot.context.role) &&
    (event.type !== 'terms.change' ||
      (event as EventObject & { agreed?: boolean }).agreed !== snapshot.context.terms),
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
    // The real otp child: the user types the code and the fake server accepts it.
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
    'xstate.done.actor.loadAccount': doneFixture(
      'loadAccount',
      [
        student(COMPLETE_ME),
        student(NO_PAN_ME),
        student(PAN_NO_NAME_ME),
        { role: 'teacher', profile: APPROVED_TUTOR },
        { role: 'teacher', profile: NEW_TUTOR },
      ],
      (w: LoginWorld) => w.account,
    ),
    'xstate.error.actor.loadAccount': errorFixture(
      'loadAccount',
      [http(401), offline],
      (w: LoginWorld) => w.account,
    ),
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
      assert.deepEqual(world.navigations, []);
      assert.deepEqual(world.steps, []);
      assert.ok(/^\d{0,10}$/.test(context.phone));
      // Back on the phone, every session stored so far was refused (401) and forgotten.
      assert.equal(world.cleared, world.sessions.length);
      if (context.error === messages.auth.sessionExpired) assert.ok(world.cleared >= 1);
      assert.equal(world.codeSentTo, null, 'no code is remembered on the phone step');
    },
    'phone.editing': (snapshot) => {
      const { role, phone, terms } = snapshot.context;
      assert.equal(snapshot.context.error, null);
      // Spec §5: a valid phone; the tutor's login also needs the terms agreed.
      assert.equal(
        snapshot.can({ type: 'phone.submit' }),
        phone === VALID && (role === 'student' || terms),
      );
    },
    'phone.requesting': ({ context }, { world }) => {
      if (context.role === 'teacher') assert.equal(context.terms, true);
      assert.deepEqual(world.requestOtp.last().input, {
        phone: context.phone,
        role: context.role,
      });
    },
    'phone.failed': ({ context }) => {
      assert.ok(context.error);
      const otherRole =
        context.role === 'student' ? messages.roles.alreadyTeacher : messages.roles.alreadyStudent;
      assert.equal(context.roleConflict, context.error === otherRole);
      assert.notEqual(context.error, messages.roles.serverMismatch);
    },
    // Transient: never at rest, so never asserted; the states after it are.
    start: () => assert.fail('start is left at once'),
    code: (snapshot, { world }) => {
      const otp = snapshot.children.otp?.getSnapshot();
      assert.ok(otp);
      assert.equal(otp.context.phone, VALID);
      assert.equal(otp.context.role, snapshot.context.role);
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
    arriving: ({ context }, { world }) => {
      assert.deepEqual(context.session, SESSION);
      assert.equal(world.codeSentTo, null, 'the code step forgets its code once left');
      assert.deepEqual(world.sessions.at(-1), { ...SESSION, phone: VALID });
      // D22: the event name only.
      assert.deepEqual(world.tracked.at(-1), { event: ANALYTICS_EVENTS.loggedIn });
      assert.deepEqual(world.navigations, []);
    },
    welcome: ({ context }, { world }) => {
      assert.equal(context.role, 'student');
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
      if (snapshot.context.role === 'teacher') {
        // The onboarding step, stored, then its page (a failed fetch: step 1).
        assert.ok(snapshot.context.onboarding);
        const { step, target } = snapshot.context.onboarding;
        assert.deepEqual(world.steps, [{ step, target }]);
        assert.deepEqual(navigation, { to: target, replace: true });
        assert.equal(target, step === 0 ? TUTOR_DASHBOARD_PATH : TUTOR_SIGNUP_PATH);
        assert.deepEqual(world.payments, []);
      } else if (snapshot.context.user?.complete) {
        assert.deepEqual(world.steps, []);
        assert.ok(['/pay/review', '/student/dashboard'].includes(navigation?.to ?? ''));
        assert.deepEqual(world.payments, navigation?.to === '/pay/review' ? [LINK_PAYMENT] : []);
      } else {
        // A failed user/me (user null) or an incomplete profile: sign-up.
        assert.equal(navigation?.to, '/student/signup');
        assert.deepEqual(world.payments, []);
      }
    },
  },
};
