// Path model of the otp machine (a 2-second cooldown keeps the graph small), shared by its
// vitest suite and scripts/path-coverage.ts.
import assert from 'node:assert/strict';
import {
  otpMachine,
  type OtpSession,
  type SendOtpInput,
  type SendOtpOutput,
  type VerifyOtpInput,
} from '../../machines/otp/otp.machine';
import { OTP_LENGTH } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import type { EventFixtures, PathModel } from '../support/paths';
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

export const otpPathModel: PathModel<typeof otpMachine, World> = {
  name: 'otp',
  machine: otpMachine,
  inputs: [{ phone: PHONE, role: 'student', resendAfter: COOLDOWN }],
  world: () => ({ verify: fakeCall(), send: fakeCall() }),
  provide: (world) =>
    otpMachine.provide({ actors: { verifyOtp: world.verify.logic, sendOtp: world.send.logic } }),
  events: otpEvents,
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
