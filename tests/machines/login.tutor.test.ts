// Journeys of the login machine for a tutor whose end state matters (spec §2 Tutor login, §4 Tutor
// onboarding step, §5 Tutor login, §8; D2, D4, D14, D22).
import { otpNotice } from '../../machines/otp/otp.machine';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { TutorSummary } from '../../machines/tutorGuard/onboardingStep';
import { loginPhoneError, termsHint } from '../../machines/login/login.machine';
import { readIn } from '../../src/domain/locale';
import { messages } from '../../src/domain/messages';
import { setActiveLocale } from '../../src/domain/texts';
import { flush, http, offline, timedOut } from './loginFakes';
import { loginWorld, provideLogin } from './login.model';
import {
  AADHAAR_PENDING_TUTOR,
  APPROVED_TUTOR,
  NEW_TUTOR,
  NO_BANK_TUTOR,
  SUBMITTED_TUTOR,
} from './tutorProfiles';

function start(phone?: string) {
  const world = loginWorld();
  const actor = createActor(provideLogin(world), { input: { role: 'teacher', phone } }).start();
  const snap = () => actor.getSnapshot();
  return { world, actor, snap };
}

type Login = ReturnType<typeof start>;

/** Phone and terms → Verify → code sent → correct code. */
async function toDeriving(t: Login) {
  t.actor.send({ type: 'phone.change', value: '9876543210' });
  t.actor.send({ type: 'terms.change', agreed: true });
  t.actor.send({ type: 'phone.submit' });
  t.world.requestOtp.last().resolve({ resendAfter: 30 });
  await flush();
  t.snap().children.otp?.send({ type: 'otp.change', value: '1234' });
  t.world.verify.last().resolve({ token: 'tok_1', userId: '42' });
  await flush();
}

async function logInAs(profile: TutorSummary) {
  const t = start();
  await toDeriving(t);
  t.world.account.last().resolve({ role: 'teacher', profile });
  await flush();
  return t;
}

describe('tutorLogin machine: the phone step', () => {
  it('keeps digits only, at most 10; Verify needs a valid phone and the terms agreed (spec §5)', () => {
    const t = start();
    t.actor.send({ type: 'phone.change', value: '12a34567890123' });
    expect(t.snap().context.phone).toBe('1234567890');
    expect(loginPhoneError(t.snap())).toBe('Enter valid phone number');
    t.actor.send({ type: 'terms.change', agreed: true });
    expect(t.snap().can({ type: 'phone.submit' })).toBe(false);

    t.actor.send({ type: 'phone.change', value: '9876543210' });
    expect(loginPhoneError(t.snap())).toBeNull();
    expect(t.snap().can({ type: 'phone.submit' })).toBe(true);

    t.actor.send({ type: 'terms.change', agreed: false });
    expect(t.snap().can({ type: 'phone.submit' })).toBe(false);
    expect(termsHint(t.snap())).toBe(messages.validation.terms);
    t.actor.send({ type: 'phone.submit' });
    expect(t.world.requestOtp.calls).toHaveLength(0);
  });

  it("asks for a code with role 'teacher' and opens the code step", async () => {
    const t = start('9876543210');
    t.actor.send({ type: 'terms.change', agreed: true });
    t.actor.send({ type: 'phone.submit' });
    expect(t.snap().hasTag('loading')).toBe(true);
    expect(t.world.requestOtp.last().input).toEqual({ phone: '9876543210', role: 'teacher' });
    t.world.requestOtp.last().resolve({ resendAfter: 30 });
    await flush();
    expect(t.snap().value).toBe('code');
    expect(t.snap().children.otp?.getSnapshot().context).toMatchObject({
      phone: '9876543210',
      role: 'teacher',
      resendIn: 30,
    });
  });

  it("a student's phone shows D14's text with the link flag; typing clears it", async () => {
    const t = start('9876543210');
    t.actor.send({ type: 'terms.change', agreed: true });
    t.actor.send({ type: 'phone.submit' });
    t.world.requestOtp.last().reject(http(400, messages.roles.serverMismatch));
    await flush();
    expect(t.snap().matches({ phone: 'failed' })).toBe(true);
    expect(t.snap().context).toMatchObject({
      error: 'This user is already registered as a student',
      roleConflict: true,
    });
    t.actor.send({ type: 'phone.change', value: '987654321' });
    expect(t.snap().context).toMatchObject({ error: null, roleConflict: false });
  });

  it("other failures: the server's message, else D2's text; offline and timeout texts", async () => {
    const t = start('9876543210');
    t.actor.send({ type: 'terms.change', agreed: true });
    const failWith = async (error: unknown) => {
      t.actor.send({ type: 'phone.submit' });
      t.world.requestOtp.last().reject(error);
      await flush();
      return t.snap().context.error;
    };
    expect(await failWith(http(400, 'Enter valid phone number'))).toBe('Enter valid phone number');
    expect(await failWith(http(500))).toBe('Something went wrong. Please try again!');
    expect(await failWith(offline)).toBe(messages.generic.network);
    expect(await failWith(timedOut)).toBe(messages.generic.timeout);
    expect(t.snap().context.roleConflict).toBe(false);
  });

  it('a 429 on the first request opens the code step with Resend blocked for Retry-After', async () => {
    const t = start('9876543210');
    t.actor.send({ type: 'terms.change', agreed: true });
    t.actor.send({ type: 'phone.submit' });
    t.world.requestOtp.last().reject(http(429, messages.otp.waitBeforeResend(20), 20));
    await flush();
    expect(t.snap().value).toBe('code');
    const otp = t.snap().children.otp?.getSnapshot().context;
    expect(otp).toMatchObject({ resendIn: 20 });
    expect(otp && otpNotice(otp)).toBe(messages.otp.waitBeforeResend(20));
  });

  it("'Change phone number' goes back to the phone with the number and the terms kept", async () => {
    const t = start('9876543210');
    t.actor.send({ type: 'terms.change', agreed: true });
    t.actor.send({ type: 'phone.submit' });
    t.world.requestOtp.last().resolve({ resendAfter: 30 });
    await flush();
    t.actor.send({ type: 'phone.edit' });
    expect(t.snap().matches({ phone: 'editing' })).toBe(true);
    expect(t.snap().context).toMatchObject({ phone: '9876543210', terms: true });
    expect(t.snap().can({ type: 'phone.submit' })).toBe(true);
  });
});

describe('tutorLogin machine: after the code', () => {
  it("stores the session and sends 'Logged In' with nothing else, then loads the profile", async () => {
    const t = start();
    await toDeriving(t);
    expect(t.world.sessions).toEqual([{ token: 'tok_1', userId: '42', phone: '9876543210' }]);
    expect(t.world.tracked).toEqual([{ event: 'Logged In' }]);
    expect(t.snap().value).toBe('arriving');
    expect(t.snap().hasTag('loading')).toBe(true);
  });

  it('step 0 (KYC approved): the step and target are stored, then the dashboard', async () => {
    const t = await logInAs(APPROVED_TUTOR);
    expect(t.world.steps).toEqual([{ step: 0, target: '/tutor/dashboard' }]);
    expect(t.world.navigations).toEqual([{ to: '/tutor/dashboard', replace: true }]);
    expect(t.snap().status).toBe('done');
  });

  it('KYC under review (MIN_KYC_SUBMITTED) is the dashboard too (D4)', async () => {
    const t = await logInAs(SUBMITTED_TUTOR);
    expect(t.world.navigations).toEqual([{ to: '/tutor/dashboard', replace: true }]);
  });

  it.each([
    ['a new tutor', NEW_TUTOR, 1],
    ['no bank account', NO_BANK_TUTOR, 2],
    ['Aadhaar pending', AADHAAR_PENDING_TUTOR, 3],
  ] as const)('%s: step %i stored, then sign-up', async (_, profile, step) => {
    const t = await logInAs(profile);
    expect(t.world.steps).toEqual([{ step, target: '/tutor/personal-details' }]);
    expect(t.world.navigations).toEqual([{ to: '/tutor/personal-details', replace: true }]);
  });

  it('a failed profile fetch is "the prefill fails": step 1, sign-up (spec §4)', async () => {
    const t = start();
    await toDeriving(t);
    t.world.account.last().reject(http(500));
    await flush();
    expect(t.world.steps).toEqual([{ step: 1, target: '/tutor/personal-details' }]);
    expect(t.world.navigations).toEqual([{ to: '/tutor/personal-details', replace: true }]);
    expect(t.snap().status).toBe('done');
  });

  it('a 401 on the profile: the session is forgotten, back to the phone with Session Expired', async () => {
    const t = start();
    await toDeriving(t);
    t.world.account.last().reject(http(401));
    await flush();
    expect(t.snap().matches({ phone: 'failed' })).toBe(true);
    expect(t.snap().context.error).toBe('Session Expired! Please login again');
    expect(t.world.cleared).toBe(1);
    expect(t.world.steps).toEqual([]);
    expect(t.world.navigations).toEqual([]);
    // The tutor can ask for a new code straight away.
    t.actor.send({ type: 'phone.submit' });
    expect(t.world.requestOtp.calls).toHaveLength(2);
  });

  it('says Session Expired in the language the tutor reads now, not the one it loaded in', async () => {
    await setActiveLocale('hi');
    try {
      const t = start();
      await toDeriving(t);
      t.world.account.last().reject(http(401));
      await flush();
      const hindi = readIn('hi', () => messages.auth.sessionExpired);
      expect(hindi).not.toBe('Session Expired! Please login again');
      expect(t.snap().context.error).toBe(hindi);
    } finally {
      await setActiveLocale('en');
    }
  });
});
