// Path model of the otp machine (a 2-second cooldown keeps the graph small), walked on the
// machine and through its view, the code step (OtpStep).
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import {
  otpMachine,
  type OtpSession,
  type SendOtpInput,
  type SendOtpOutput,
  type VerifyOtpInput,
} from '../../machines/otp/otp.machine';
import { OTP_LENGTH } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import { OtpStep } from '../../src/ui/components/OtpStep';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, typeInto } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

interface World {
  verify: FakeCall<OtpSession, VerifyOtpInput>;
  send: FakeCall<SendOtpOutput, SendOtpInput>;
}

const PHONE = '9876543210';
const COOLDOWN = 2;
const RETRY_AFTER = 3;
const SESSION: OtpSession = { token: 'tok_1', userId: '42' };

export const otpEvents = {
  'otp.change': [
    { type: 'otp.change', value: '1' },
    { type: 'otp.change', value: '1234' },
  ],
  'otp.submit': [{ type: 'otp.submit' }],
  'otp.resend': [{ type: 'otp.resend' }],
} satisfies EventFixtures<typeof otpMachine, World>;

const codeField = () => screen.getByLabelText(messages.otp.label);
const verifyButton = () => buttonNamed(messages.otp.verify);
const resendButton = () => buttonNamed(/^Resend OTP/);

/** The code step as the student sees it; the same gestures serve the login machines. */
export const otpScreen: UiLayer<typeof otpMachine, World> = {
  view: ({ actor }) => (
    <OtpStep
      otp={actor}
      onChangePhone={() => {}}
      otherLogin={{ to: '/tutor/login', label: messages.roles.loginAsTeacher }}
    />
  ),
  gestures: {
    'otp.change': ({ value }, ui) => typeInto(codeField(), value, ui),
    'otp.submit': (_, ui) => clickOn(verifyButton(), ui),
    'otp.resend': (_, ui) => clickOn(resendButton(), ui),
  },
  screens: {
    active: ({ context }) => {
      expect(codeField()).toHaveValue(context.code);
      expect(screen.getByText(messages.otp.enterCode(PHONE))).toBeInTheDocument();
      expect(buttonNamed(messages.otp.changePhone)).toBeEnabled();
      const alerts = screen.queryAllByRole('alert').map((a) => a.textContent);
      expect(alerts).toEqual(context.resendError ? [context.resendError] : []);
    },
    'active.code.idle': (snapshot) => {
      expect(screen.queryByText(messages.otp.incorrect)).not.toBeInTheDocument();
      if (snapshot.can({ type: 'otp.submit' })) expect(verifyButton()).toBeEnabled();
      else expect(verifyButton()).toBeDisabled();
    },
    'active.code.verifying': () => {
      expect(codeField()).toHaveAttribute('readonly');
      expect(verifyButton()).toBeDisabled();
    },
    'active.code.rejected': ({ context }) => {
      // The error is the field's own (read out with it), whatever else the screen says.
      expect(codeField()).toHaveAccessibleDescription(expect.stringContaining(context.error!));
      const other = screen.queryByText(messages.roles.loginAsTeacher, { selector: 'a' });
      if (context.roleConflict) expect(other).toHaveAttribute('href', '/tutor/login');
      else expect(other).not.toBeInTheDocument();
    },
    'active.resend.coolingDown': ({ context }) => {
      expect(resendButton()).toHaveTextContent(messages.otp.resendIn(context.resendIn));
      expect(resendButton()).toBeDisabled();
    },
    'active.resend.ready': (snapshot) => {
      expect(resendButton()).toHaveTextContent(messages.otp.resend);
      if (snapshot.hasTag('loading')) expect(resendButton()).toBeDisabled();
      else expect(resendButton()).toBeEnabled();
    },
    'active.resend.sending': () => {
      expect(resendButton()).toHaveAttribute('aria-busy', 'true');
      expect(resendButton()).toBeDisabled();
    },
    // The login machine takes the session from here; the code stays on screen meanwhile.
    verified: () => {
      expect(codeField()).toHaveValue('1234');
    },
  },
};

export const otpPathModel: PathModel<typeof otpMachine, World> = {
  name: 'otp',
  machine: otpMachine,
  inputs: [{ phone: PHONE, role: 'student', resendAfter: COOLDOWN }],
  world: () => ({ verify: fakeCall(), send: fakeCall() }),
  provide: (world) =>
    otpMachine.provide({ actors: { verifyOtp: world.verify.logic, sendOtp: world.send.logic } }),
  events: otpEvents,
  ui: otpScreen,
  internal: {
    'xstate.done.actor.verifyOtp': doneFixture('verifyOtp', [SESSION], (w: World) => w.verify),
    'xstate.error.actor.verifyOtp': errorFixture(
      'verifyOtp',
      [http(400, messages.otp.incorrect), http(400, messages.roles.serverMismatch), offline],
      (w: World) => w.verify,
    ),
    'xstate.done.actor.sendOtp': doneFixture(
      'sendOtp',
      [{ resendAfter: COOLDOWN }],
      (w: World) => w.send,
    ),
    'xstate.error.actor.sendOtp': errorFixture(
      'sendOtp',
      [http(429, messages.otp.waitBeforeResend(RETRY_AFTER), RETRY_AFTER), offline],
      (w: World) => w.send,
    ),
  },
  states: {
    active: ({ context }) => {
      assert.equal(context.session, null);
      assert.ok(context.code.length <= OTP_LENGTH);
      assert.ok(context.resendIn >= 0 && context.resendIn <= RETRY_AFTER);
    },
    'active.code.idle': ({ context }) => {
      assert.equal(context.error, null);
      assert.ok(context.code.length < OTP_LENGTH || context.code === '');
    },
    'active.code.verifying': ({ context }, { world }) => {
      assert.equal(context.code.length, OTP_LENGTH);
      assert.deepEqual(world.verify.last().input, {
        phone: PHONE,
        role: 'student',
        otp: context.code,
      });
    },
    'active.code.rejected': (snapshot) => {
      assert.ok(snapshot.context.error);
      assert.ok(snapshot.hasTag('error'));
      // A refused code is cleared; a failed call keeps it for another try.
      if (snapshot.context.error === messages.generic.network)
        assert.equal(snapshot.context.code, '1234');
      else assert.equal(snapshot.context.code, '');
      assert.equal(
        snapshot.context.roleConflict,
        snapshot.context.error === messages.roles.alreadyTeacher,
      );
    },
    'active.resend.coolingDown': (snapshot) => {
      assert.ok(snapshot.context.resendIn >= 1);
      assert.equal(snapshot.can({ type: 'otp.resend' }), false);
    },
    'active.resend.ready': (snapshot) => {
      assert.equal(snapshot.context.resendIn, 0);
      assert.equal(snapshot.can({ type: 'otp.resend' }), !snapshot.hasTag('loading'));
    },
    'active.resend.sending': (_, { world }) => {
      assert.deepEqual(world.send.last().input, { phone: PHONE, role: 'student' });
    },
    verified: (snapshot) => {
      assert.equal(snapshot.status, 'done');
      assert.deepEqual(snapshot.output, SESSION);
    },
  },
};
