// Path model of the tutorLogin machine, walked on the machine and through /tutor/login's view.
// The otp child is the real otp machine over fake calls.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import {
  otpMachine,
  type OtpSession,
  type SendOtpInput,
  type SendOtpOutput,
  type VerifyOtpInput,
} from '../../machines/otp/otp.machine';
import type { NavigateParams } from '../../machines/shared/navigation';
import type { StepToStore, TutorSummary } from '../../machines/tutorGuard/onboardingStep';
import {
  termsHint,
  tutorLoginMachine,
  tutorPhoneError,
  type TutorSessionToStore,
} from '../../machines/tutorLogin/tutorLogin.machine';
import { ANALYTICS_EVENTS } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import { TUTOR_DASHBOARD_PATH, TUTOR_SIGNUP_PATH } from '../../src/domain/onboarding';
import { TutorLoginView } from '../../src/ui/routes/tutor/login/TutorLoginPage';
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
import { APPROVED_TUTOR, NEW_TUTOR } from './tutorProfiles';

export interface TutorLoginWorld {
  requestOtp: FakeCall<SendOtpOutput, SendOtpInput>;
  verify: FakeCall<OtpSession, VerifyOtpInput>;
  send: FakeCall<SendOtpOutput, SendOtpInput>;
  fetchProfile: FakeCall<TutorSummary, void>;
  sessions: TutorSessionToStore[];
  cleared: number;
  steps: StepToStore[];
  tracked: unknown[];
  navigations: NavigateParams[];
  /** D128: what the page keeps for a reload (null: forgotten). */
  codeSentTo: { phone: string; resendAfter: number | null } | null;
}

export const tutorLoginWorld = (): TutorLoginWorld => ({
  requestOtp: fakeCall(),
  verify: fakeCall(),
  send: fakeCall(),
  fetchProfile: fakeCall(),
  sessions: [],
  cleared: 0,
  steps: [],
  tracked: [],
  navigations: [],
  codeSentTo: null,
});

export const provideTutorLogin = (w: TutorLoginWorld) =>
  tutorLoginMachine.provide({
    actors: {
      requestOtp: w.requestOtp.logic,
      fetchProfile: w.fetchProfile.logic,
      otp: otpMachine.provide({ actors: { verifyOtp: w.verify.logic, sendOtp: w.send.logic } }),
    },
    actions: {
      storeSession: (_, session) => void w.sessions.push(session),
      clearSession: () => void (w.cleared += 1),
      storeStep: (_, step) => void w.steps.push(step),
      track: (_, params) => void w.tracked.push(params),
      navigate: (_, params) => void w.navigations.push(params),
      rememberCode: (_, params) => void (w.codeSentTo = params),
      forgetCode: () => void (w.codeSentTo = null),
    },
  });

export const VALID = '9876543210';
export const SESSION: OtpSession = { token: 'tok_1', userId: '42' };
const RESUMED = {
  phone: VALID,
  otp: { resendAfter: 12, notice: null, waitNotice: false },
};

export const tutorLoginEvents = {
  'phone.change': [
    { type: 'phone.change', value: '98765' },
    { type: 'phone.change', value: VALID },
    { type: 'phone.change', value: '1234567890' }, // 10 digits, not a mobile number
  ],
  'terms.change': [
    { type: 'terms.change', agreed: true },
    { type: 'terms.change', agreed: false },
  ],
  'phone.submit': [{ type: 'phone.submit' }],
  'phone.edit': [{ type: 'phone.edit' }],
} satisfies EventFixtures<typeof tutorLoginMachine, TutorLoginWorld>;

const phoneField = () => screen.getByLabelText(messages.studentLogin.phoneLabel);
const terms = () => screen.getByRole<HTMLInputElement>('checkbox');
const verify = () => buttonNamed(messages.tutorLogin.verify);
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

/** /tutor/login as the tutor sees it, on the path's actor. */
export const tutorLoginScreen: UiLayer<typeof tutorLoginMachine, TutorLoginWorld> = {
  view: ({ actor }) => <TutorLoginView actor={actor} />,
  gestures: {
    'phone.change': ({ value }, ui) => typeInto(phoneField(), value, ui),
    // A box already as asked cannot be ticked (or cleared) again.
    'terms.change': async ({ agreed }, ui) =>
      terms().checked === agreed ? 'blocked' : clickOn(terms(), ui),
    'phone.submit': (_, ui) => clickOn(verify(), ui),
    'phone.edit': (_, ui) => clickOn(buttonNamed(messages.otp.changePhone), ui),
  },
  screens: {
    phone: ({ context }) => {
      expect(phoneField()).toHaveValue(context.phone);
      expect(terms().checked).toBe(context.terms);
      expect(screen.queryByLabelText(messages.otp.label)).not.toBeInTheDocument();
    },
    'phone.editing': (snapshot) => {
      const error = tutorPhoneError(snapshot);
      if (error) expect(phoneField()).toHaveAccessibleDescription(error);
      else expect(phoneField()).not.toHaveAccessibleDescription();
      const hint = termsHint(snapshot);
      if (hint) expect(terms()).toHaveAccessibleDescription(hint);
      else expect(terms()).not.toHaveAccessibleDescription();
      if (snapshot.can({ type: 'phone.submit' })) expect(verify()).toBeEnabled();
      else expect(verify()).toBeDisabled();
      expect(alerts()).toEqual([]);
    },
    'phone.requesting': () => {
      expect(verify()).toBeDisabled();
      expect(phoneField()).toHaveAttribute('readonly');
      expect(terms()).toBeDisabled();
    },
    'phone.failed': ({ context }) => {
      expect(alerts().join(' ')).toContain(context.error);
      const studentLogin = screen.queryByText(messages.roles.loginAsStudent, { selector: 'a' });
      if (context.roleConflict) expect(studentLogin).toHaveAttribute('href', '/student/login');
      else expect(studentLogin).not.toBeInTheDocument();
    },
    start: null,
    code: ({ context }) => {
      expect(screen.getByLabelText(messages.otp.label)).toBeInTheDocument();
      expect(screen.getByText(messages.otp.enterCode(context.phone))).toBeInTheDocument();
      expect(screen.queryByLabelText(messages.studentLogin.phoneLabel)).not.toBeInTheDocument();
    },
    deriving: () => {
      expect(screen.getByLabelText(messages.tutorLogin.title)).toBeInTheDocument();
    },
    // The page leaves for the step's page (the machine layer checks where).
    done: () => {
      expect(screen.getByLabelText(messages.tutorLogin.title)).toBeInTheDocument();
    },
  },
};

export const tutorLoginPathModel: PathModel<typeof tutorLoginMachine, TutorLoginWorld> = {
  name: 'tutorLogin',
  machine: tutorLoginMachine,
  // From scratch, and back on the code step after a reload (D128), Resend waiting 12 s more.
  inputs: [{}, { resume: RESUMED }],
  world: tutorLoginWorld,
  provide: provideTutorLogin,
  events: tutorLoginEvents,
  ui: tutorLoginScreen,
  internal: {
    'xstate.done.actor.requestOtp': doneFixture(
      'requestOtp',
      [{ resendAfter: 30 }],
      (w: TutorLoginWorld) => w.requestOtp,
    ),
    'xstate.error.actor.requestOtp': errorFixture(
      'requestOtp',
      [
        http(400, messages.roles.serverMismatch),
        http(429, messages.otp.waitBeforeResend(20), 20),
        http(500),
      ],
      (w: TutorLoginWorld) => w.requestOtp,
    ),
    // The real otp child: the tutor types the code and the fake server accepts it.
    'xstate.done.actor.otp': {
      cases: [{ type: 'xstate.done.actor.otp', output: SESSION } as EventObject],
      exec: async ({ actor, world }) => {
        const otp = actor.getSnapshot().children.otp;
        assert.ok(otp, 'the otp machine runs in the code step');
        otp.send({ type: 'otp.change', value: '1234' });
        (world as TutorLoginWorld).verify.last().resolve(SESSION);
        await flush();
      },
    },
    'xstate.done.actor.fetchProfile': doneFixture(
      'fetchProfile',
      [APPROVED_TUTOR, NEW_TUTOR],
      (w: TutorLoginWorld) => w.fetchProfile,
    ),
    'xstate.error.actor.fetchProfile': errorFixture(
      'fetchProfile',
      [http(401), offline],
      (w: TutorLoginWorld) => w.fetchProfile,
    ),
  },
  states: {
    phone: ({ context }, { world }) => {
      assert.equal(context.session, null);
      assert.deepEqual(world.navigations, []);
      assert.deepEqual(world.steps, []);
      // Back on the phone, every session stored so far was refused (401) and forgotten.
      assert.equal(world.cleared, world.sessions.length);
      if (context.error === messages.auth.sessionExpired) assert.ok(world.cleared >= 1);
      assert.equal(world.codeSentTo, null, 'no code is remembered on the phone step');
    },
    'phone.editing': (snapshot) => {
      assert.equal(snapshot.context.error, null);
      assert.equal(
        snapshot.can({ type: 'phone.submit' }),
        snapshot.context.phone === VALID && snapshot.context.terms,
      );
    },
    'phone.requesting': ({ context }, { world }) => {
      assert.equal(context.terms, true);
      assert.deepEqual(world.requestOtp.last().input, { phone: context.phone, role: 'teacher' });
    },
    'phone.failed': ({ context }) => {
      assert.ok(context.error);
      assert.equal(context.roleConflict, context.error === messages.roles.alreadyStudent);
      assert.notEqual(context.error, messages.roles.serverMismatch);
    },
    // Transient: never at rest, so never asserted; the states after it are.
    start: () => assert.fail('start is left at once'),
    code: (snapshot, { world }) => {
      const otp = snapshot.children.otp?.getSnapshot();
      assert.ok(otp);
      assert.equal(otp.context.phone, VALID);
      assert.equal(otp.context.role, 'teacher');
      // D128: a code that went out is remembered for a reload; a resumed one is the page's.
      if (snapshot.context.resumed) {
        assert.equal(world.codeSentTo, null);
        assert.deepEqual(snapshot.context.otp, RESUMED.otp);
        assert.equal(snapshot.context.terms, true);
      } else {
        assert.deepEqual(world.codeSentTo, {
          phone: VALID,
          resendAfter: snapshot.context.otp.resendAfter,
        });
      }
    },
    deriving: ({ context }, { world }) => {
      assert.deepEqual(context.session, SESSION);
      assert.equal(world.codeSentTo, null, 'the code step forgets its code once left');
      assert.deepEqual(world.sessions.at(-1), { ...SESSION, phone: VALID });
      // D22: the event name only.
      assert.deepEqual(world.tracked.at(-1), { event: ANALYTICS_EVENTS.loggedIn });
      assert.deepEqual(world.navigations, []);
    },
    done: ({ context, status }, { world }) => {
      assert.equal(status, 'done');
      assert.ok(context.onboarding);
      const { step, target } = context.onboarding;
      assert.deepEqual(world.steps, [{ step, target }]);
      assert.deepEqual(world.navigations, [{ to: target, replace: true }]);
      assert.equal(target, step === 0 ? TUTOR_DASHBOARD_PATH : TUTOR_SIGNUP_PATH);
    },
  },
};
