// Journeys of the login machine for a student whose end state matters (spec §2, §4 Student login, §5,
// §8; D2, D3, D14, D22).
import { otpNotice } from '../../machines/otp/otp.machine';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { loginMachine, loginPhoneError, welcomeTexts } from '../../machines/login/login.machine';
import { messages } from '../../src/domain/messages';
import { flush, http, offline } from './loginFakes';
import { COMPLETE_ME, NO_PAN_ME, loginWorld, provideLogin } from './login.model';

function start(phone?: string) {
  const world = loginWorld();
  const actor = createActor(provideLogin(world), { input: { role: 'student', phone } }).start();
  const snap = () => actor.getSnapshot();
  return { world, actor, snap };
}

type Login = ReturnType<typeof start>;

/** Phone → code sent → correct code → getMe answers `me`. */
async function logIn(t: Login, me = COMPLETE_ME) {
  t.actor.send({ type: 'phone.change', value: '9876543210' });
  t.actor.send({ type: 'phone.submit' });
  t.world.requestOtp.last().resolve({ resendAfter: 30 });
  await flush();
  t.snap().children.otp?.send({ type: 'otp.change', value: '1234' });
  t.world.verify.last().resolve({ token: 'tok_1', userId: '42' });
  await flush();
  t.world.account.last().resolve({ role: 'student', me });
  await flush();
}

describe('studentLogin machine: the phone', () => {
  it('keeps digits only, at most 10, and submits only a valid mobile number (spec §5)', () => {
    const t = start();
    t.actor.send({ type: 'phone.change', value: '98765 4321x' });
    expect(t.snap().context.phone).toBe('987654321');
    expect(loginPhoneError(t.snap())).toBeNull();
    expect(t.snap().can({ type: 'phone.submit' })).toBe(false);
    t.actor.send({ type: 'phone.change', value: '123456789012' });
    expect(t.snap().context.phone).toBe('1234567890');
    expect(loginPhoneError(t.snap())).toBe('Enter valid phone number');
    expect(t.snap().can({ type: 'phone.submit' })).toBe(false);
    t.actor.send({ type: 'phone.change', value: '+91 98765 43210' });
    expect(t.snap().context.phone).toBe('9876543210');
    expect(t.snap().can({ type: 'phone.submit' })).toBe(true);
  });

  it('starts with what was typed before it loaded', () => {
    expect(start('98765-43210').snap().context.phone).toBe('9876543210');
  });

  it("asks for a code with role 'student' and opens the code step with the server's cooldown", async () => {
    const t = start('9876543210');
    t.actor.send({ type: 'phone.submit' });
    expect(t.snap().hasTag('loading')).toBe(true);
    expect(t.world.requestOtp.last().input).toEqual({ phone: '9876543210', role: 'student' });
    t.world.requestOtp.last().resolve({ resendAfter: 30 });
    await flush();
    expect(t.snap().value).toBe('code');
    const otp = t.snap().children.otp?.getSnapshot();
    expect(otp?.context).toMatchObject({ phone: '9876543210', role: 'student', resendIn: 30 });
  });

  it("a teacher's phone shows D14's text with the link flag; typing clears it", async () => {
    const t = start('9876543210');
    t.actor.send({ type: 'phone.submit' });
    t.world.requestOtp.last().reject(http(400, messages.roles.serverMismatch));
    await flush();
    expect(t.snap().matches({ phone: 'failed' })).toBe(true);
    expect(t.snap().context).toMatchObject({
      error: 'This user is already registered as a teacher',
      roleConflict: true,
    });
    t.actor.send({ type: 'phone.change', value: '987654321' });
    expect(t.snap().context).toMatchObject({ error: null, roleConflict: false });
  });

  it("other failures: the server's message, else D2's 'Something went wrong. Please try again!'", async () => {
    const t = start('9876543210');
    const failWith = async (error: unknown) => {
      t.actor.send({ type: 'phone.submit' });
      t.world.requestOtp.last().reject(error);
      await flush();
      return t.snap().context.error;
    };
    expect(await failWith(http(400, 'Enter valid phone number'))).toBe('Enter valid phone number');
    expect(await failWith(http(500))).toBe('Something went wrong. Please try again!');
    expect(await failWith(offline)).toBe(messages.generic.network);
    expect(t.snap().context.roleConflict).toBe(false);
  });

  it('a 429 (a code went out moments ago) opens the code step, Resend blocked for Retry-After', async () => {
    const t = start('9876543210');
    t.actor.send({ type: 'phone.submit' });
    t.world.requestOtp.last().reject(http(429, messages.otp.waitBeforeResend(20), 20));
    await flush();
    expect(t.snap().value).toBe('code');
    const otp = t.snap().children.otp?.getSnapshot().context;
    expect(otp).toMatchObject({ resendIn: 20 });
    expect(otp && otpNotice(otp)).toBe(messages.otp.waitBeforeResend(20));
  });

  it("'Change phone number' goes back to the phone, which is kept; submitting again asks anew", async () => {
    const t = start('9876543210');
    t.actor.send({ type: 'phone.submit' });
    t.world.requestOtp.last().resolve({ resendAfter: 30 });
    await flush();
    const otp = t.snap().children.otp;
    t.actor.send({ type: 'phone.edit' });
    expect(t.snap().matches({ phone: 'editing' })).toBe(true);
    expect(t.snap().context.phone).toBe('9876543210');
    expect(otp?.getSnapshot().status).toBe('stopped');
    t.actor.send({ type: 'phone.submit' });
    expect(t.world.requestOtp.calls).toHaveLength(2);
  });
});

describe('studentLogin machine: after the code', () => {
  it("stores the session, sends 'Logged In' with nothing else, and greets a returning student", async () => {
    const t = start();
    await logIn(t, COMPLETE_ME);
    expect(t.world.sessions).toEqual([{ token: 'tok_1', userId: '42', phone: '9876543210' }]);
    expect(t.world.tracked).toEqual([{ event: 'Logged In' }]);
    expect(t.snap().value).toEqual({ welcome: 'idle' });
    expect(welcomeTexts(t.snap())).toEqual({
      title: 'Welcome Back',
      body: 'Start making your tuition payments now',
    });
  });

  it('Continue goes where routeByFlow says, storing its payment first, replacing the login page', async () => {
    const t = start();
    await logIn(t, COMPLETE_ME);
    t.actor.send({ type: 'login.continue' });
    expect(t.snap().hasTag('loading')).toBe(true);
    const store = {
      kind: 'link',
      linkId: 'lnk_1',
      amount: 300000,
      payeeId: '7',
      payeeName: 'Asha Verma',
      payeePhone: '9123456780',
    } as const;
    t.world.route.last().resolve({ to: '/pay/review', store });
    await flush();
    expect(t.world.payments).toEqual([store]);
    expect(t.world.navigations).toEqual([{ to: '/pay/review', replace: true }]);
    expect(t.snap().status).toBe('done');
  });

  it("a new student sees 'Login Successful' and Continue goes to /student/signup", async () => {
    const t = start();
    await logIn(t, NO_PAN_ME);
    expect(welcomeTexts(t.snap())).toEqual({
      title: 'Login Successful',
      body: 'Complete your onboarding to start making payments',
    });
    t.actor.send({ type: 'login.continue' });
    expect(t.world.route.calls).toHaveLength(0);
    expect(t.world.navigations).toEqual([{ to: '/student/signup', replace: true }]);
  });

  it('a PAN without a first name is still incomplete: sign-up', async () => {
    const t = start();
    await logIn(t, { ...COMPLETE_ME, first_name: ' ' });
    expect(welcomeTexts(t.snap()).title).toBe('Welcome Back');
    t.actor.send({ type: 'login.continue' });
    expect(t.world.navigations).toEqual([{ to: '/student/signup', replace: true }]);
  });

  it('an error fetching the user goes to /student/signup (spec §4)', async () => {
    const t = start('9876543210');
    t.actor.send({ type: 'phone.submit' });
    t.world.requestOtp.last().resolve({ resendAfter: 30 });
    await flush();
    t.snap().children.otp?.send({ type: 'otp.change', value: '1234' });
    t.world.verify.last().resolve({ token: 'tok_1', userId: '42' });
    await flush();
    t.world.account.last().reject(http(500));
    await flush();
    expect(t.world.navigations).toEqual([{ to: '/student/signup', replace: true }]);
    expect(t.snap().status).toBe('done');
  });

  it('a failed routing keeps the drawer with a message; Continue tries again', async () => {
    const t = start();
    await logIn(t, COMPLETE_ME);
    t.actor.send({ type: 'login.continue' });
    t.world.route.last().reject(offline);
    await flush();
    expect(t.snap().value).toEqual({ welcome: 'failed' });
    expect(t.snap().hasTag('error')).toBe(true);
    expect(t.snap().context.routeError).toBe(messages.generic.network);
    t.actor.send({ type: 'login.continue' });
    expect(t.snap().context.routeError).toBeNull();
    t.world.route.last().resolve({ to: '/student/dashboard', store: null });
    await flush();
    expect(t.world.navigations).toEqual([{ to: '/student/dashboard', replace: true }]);
    expect(t.world.payments).toEqual([]);
  });

  it('a call left abstract rejects: the generic text, not a crash', async () => {
    const actor = createActor(loginMachine, { input: { role: 'student' } });
    const errors: unknown[] = [];
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.start();
    actor.send({ type: 'phone.change', value: '9876543210' });
    actor.send({ type: 'phone.submit' });
    await flush();
    expect(actor.getSnapshot().context.error).toBe(messages.generic.somethingWrong);
  });
});
