// Journeys of the otp machine whose end state matters (spec §4 OTP screen, §8, §9; D12, D14).
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  cooldownSeconds,
  otpMachine,
  otpNotice,
  resendLabel,
  type OtpInput,
  type OtpSession,
  type SendOtpInput,
  type SendOtpOutput,
  type VerifyOtpInput,
} from '../../machines/otp/otp.machine';
import { OTP_RESEND_COOLDOWN_SECONDS } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import { fakeCall, flush, http, offline, timedOut } from './loginFakes';

function start(input: Partial<OtpInput> = {}) {
  const clock = new SimulatedClock();
  const verify = fakeCall<OtpSession, VerifyOtpInput>();
  const send = fakeCall<SendOtpOutput, SendOtpInput>();
  const actor = createActor(
    otpMachine.provide({ actors: { verifyOtp: verify.logic, sendOtp: send.logic } }),
    { input: { phone: '9876543210', role: 'student', ...input }, clock },
  ).start();
  const type = (value: string) => actor.send({ type: 'otp.change', value });
  const seconds = (n: number) => {
    for (let i = 0; i < n; i++) clock.increment(1000);
  };
  return { actor, clock, verify, send, type, seconds, snap: () => actor.getSnapshot() };
}

describe('otp machine: the code', () => {
  it('submits by itself on the 4th digit and ends with the session', async () => {
    const t = start();
    t.type('1');
    t.type('12');
    t.type('123');
    expect(t.verify.calls).toHaveLength(0);
    t.type('1234');
    expect(t.snap().hasTag('loading')).toBe(true);
    expect(t.verify.last().input).toEqual({ phone: '9876543210', role: 'student', otp: '1234' });
    t.verify.last().resolve({ token: 'tok', userId: '42' });
    await flush();
    expect(t.snap().status).toBe('done');
    expect(t.snap().output).toEqual({ token: 'tok', userId: '42' });
  });

  it('keeps digits only, at most 4 (a pasted "12a34567" verifies 1234)', () => {
    const t = start();
    t.type('12ab');
    expect(t.snap().context.code).toBe('12');
    t.type('12a34567');
    expect(t.verify.last().input.otp).toBe('1234');
  });

  it("a wrong code shows 'Incorrect OTP. Please retry.' and clears the field; typing clears the message", async () => {
    const t = start();
    t.type('1234');
    t.verify.last().reject(http(400, messages.otp.incorrect));
    await flush();
    expect(t.snap().matches({ active: { code: 'rejected' } })).toBe(true);
    expect(t.snap().hasTag('error')).toBe(true);
    expect(t.snap().context.error).toBe('Incorrect OTP. Please retry.');
    expect(t.snap().context.code).toBe('');
    t.type('5');
    expect(t.snap().context.error).toBeNull();
    expect(t.snap().hasTag('error')).toBe(false);
  });

  it("a 400 without a message still reads 'Incorrect OTP. Please retry.'; an expired code shows the server's words", async () => {
    const t = start();
    t.type('1234');
    t.verify.last().reject(http(400));
    await flush();
    expect(t.snap().context.error).toBe(messages.otp.incorrect);
    t.type('4321');
    t.verify.last().reject(http(400, messages.otp.expired));
    await flush();
    expect(t.snap().context.error).toBe(messages.otp.expired);
  });

  it('a role conflict shows the other-role text (D14)', async () => {
    const t = start({ role: 'teacher' });
    t.type('1234');
    t.verify.last().reject(http(400, messages.roles.serverMismatch));
    await flush();
    expect(t.snap().context.error).toBe(messages.roles.alreadyStudent);
    expect(t.snap().context.roleConflict).toBe(true);
  });

  it('offline: a generic message, the code kept, and Verify tries the same code again', async () => {
    const t = start();
    t.type('1234');
    t.verify.last().reject(offline);
    await flush();
    expect(t.snap().context.error).toBe(messages.generic.network);
    expect(t.snap().context.code).toBe('1234');
    expect(t.snap().can({ type: 'otp.submit' })).toBe(true);
    t.actor.send({ type: 'otp.submit' });
    expect(t.verify.calls).toHaveLength(2);
    t.verify.last().reject(timedOut);
    await flush();
    expect(t.snap().context.error).toBe(messages.generic.timeout);
    t.actor.send({ type: 'otp.submit' });
    t.verify.last().reject(http(503));
    await flush();
    expect(t.snap().context.error).toBe(messages.generic.somethingWrong);
  });

  it('the field is read-only while a code is checked, and Verify needs 4 digits', () => {
    const t = start();
    t.type('12');
    expect(t.snap().can({ type: 'otp.submit' })).toBe(false);
    t.type('1234');
    expect(t.snap().can({ type: 'otp.change', value: '5' })).toBe(false);
    t.type('5');
    expect(t.snap().context.code).toBe('1234');
  });
});

describe('otp machine: resend', () => {
  it('is blocked for 30 seconds, counting down each second, then allowed', () => {
    const t = start();
    expect(t.snap().context.resendIn).toBe(OTP_RESEND_COOLDOWN_SECONDS);
    expect(t.snap().can({ type: 'otp.resend' })).toBe(false);
    t.seconds(3);
    expect(t.snap().context.resendIn).toBe(27);
    expect(resendLabel(t.snap().context.resendIn)).toBe('Resend OTP in 27s');
    t.seconds(26);
    t.clock.increment(999);
    expect(t.snap().context.resendIn).toBe(1);
    expect(t.snap().can({ type: 'otp.resend' })).toBe(false);
    t.clock.increment(1);
    expect(t.snap().context.resendIn).toBe(0);
    expect(t.snap().can({ type: 'otp.resend' })).toBe(true);
    expect(resendLabel(0)).toBe('Resend OTP');
  });

  it("sends a new code, clears the field, says 'OTP sent' and blocks again for the server's resend_after", async () => {
    const t = start({ resendAfter: 1 });
    t.type('12');
    t.seconds(1);
    t.actor.send({ type: 'otp.resend' });
    expect(t.send.last().input).toEqual({ phone: '9876543210', role: 'student' });
    t.send.last().resolve({ resendAfter: 30 });
    await flush();
    expect(t.snap().context).toMatchObject({ code: '', notice: messages.otp.sent, resendIn: 30 });
    expect(t.snap().matches({ active: { resend: 'coolingDown', code: 'idle' } })).toBe(true);
  });

  it('after a wrong code, a resent code clears the error too', async () => {
    const t = start({ resendAfter: 1 });
    t.type('1234');
    t.verify.last().reject(http(400, messages.otp.incorrect));
    await flush();
    t.seconds(1);
    t.actor.send({ type: 'otp.resend' });
    t.send.last().resolve({ resendAfter: null });
    await flush();
    expect(t.snap().matches({ active: { code: 'idle' } })).toBe(true);
    expect(t.snap().context.error).toBeNull();
    expect(t.snap().context.resendIn).toBe(OTP_RESEND_COOLDOWN_SECONDS);
  });

  it('a 429 with Retry-After blocks Resend for that long, with the server message', async () => {
    const t = start({ resendAfter: 1 });
    t.seconds(1);
    t.actor.send({ type: 'otp.resend' });
    t.send.last().reject(http(429, messages.otp.tooManyRequests, 45));
    await flush();
    expect(t.snap().context.resendIn).toBe(45);
    expect(t.snap().context.resendError).toBe(messages.otp.tooManyRequests);
    expect(resendLabel(45)).toBe('Resend OTP in 45s');
    t.seconds(44);
    expect(t.snap().can({ type: 'otp.resend' })).toBe(false);
    t.seconds(1);
    expect(t.snap().can({ type: 'otp.resend' })).toBe(true);
  });

  it("a 429 within the cooldown: 'Please wait N seconds' counts down with Resend, then goes", async () => {
    const t = start({ resendAfter: 1 });
    t.seconds(1);
    t.actor.send({ type: 'otp.resend' });
    t.send.last().reject(http(429, messages.otp.waitBeforeResend(25), 25));
    await flush();
    expect(t.snap().context.resendError).toBeNull();
    expect(otpNotice(t.snap().context)).toBe(messages.otp.waitBeforeResend(25));
    t.seconds(10);
    expect(otpNotice(t.snap().context)).toBe(messages.otp.waitBeforeResend(15));
    expect(resendLabel(t.snap().context.resendIn)).toBe('Resend OTP in 15s');
    t.seconds(15);
    expect(otpNotice(t.snap().context)).toBeNull();
    expect(t.snap().can({ type: 'otp.resend' })).toBe(true);
  });

  it('offline: Resend stays allowed and says so', async () => {
    const t = start({ resendAfter: 1 });
    t.seconds(1);
    t.actor.send({ type: 'otp.resend' });
    t.send.last().reject(offline);
    await flush();
    expect(t.snap().context.resendError).toBe(messages.generic.network);
    expect(t.snap().can({ type: 'otp.resend' })).toBe(true);
  });

  it('is not offered while a code is being checked; a resend under way leaves that check alone', async () => {
    const t = start({ resendAfter: 1 });
    t.seconds(1);
    t.type('1234');
    expect(t.snap().can({ type: 'otp.resend' })).toBe(false);
    t.verify.last().reject(offline);
    await flush();
    t.actor.send({ type: 'otp.resend' });
    t.actor.send({ type: 'otp.submit' });
    t.send.last().resolve({ resendAfter: 30 });
    await flush();
    expect(t.snap().matches({ active: { code: 'verifying', resend: 'coolingDown' } })).toBe(true);
    expect(t.snap().context.code).toBe('1234');
  });

  it('starts with the notice and cooldown it is given; long waits read in minutes', () => {
    const t = start({ resendAfter: 600, notice: 'Please wait' });
    expect(otpNotice(t.snap().context)).toBe('Please wait');
    expect(resendLabel(t.snap().context.resendIn)).toBe('Resend OTP in 10 min');
    expect(cooldownSeconds(null)).toBe(30);
    expect(cooldownSeconds(0)).toBe(1);
    expect(cooldownSeconds(2.2)).toBe(3);
  });

  it('a call left abstract rejects: the generic text, not a crash', async () => {
    const actor = createActor(otpMachine, { input: { phone: '9876543210', role: 'student' } });
    actor.subscribe({ error: () => {} });
    actor.start();
    actor.send({ type: 'otp.change', value: '1234' });
    await flush();
    expect(actor.getSnapshot().context.error).toBe(messages.generic.somethingWrong);
  });
});
