// Journeys of the tutorOnboarding machine whose end state matters (spec §2 /tutor/personal-details,
// §4 "Tutor onboarding step", §5, §8; D2, D4, D29), and where sign-up resumes (resumeStep.ts).
import { NOTICE_VERSION } from '../../src/domain/privacy';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { resumeStep } from '../../machines/tutorOnboarding/resumeStep';
import type { TutorOnboardingInput } from '../../machines/tutorOnboarding/tutorOnboarding.machine';
import { messages } from '../../src/domain/messages';
import { apiMessages } from '../../src/domain/apiMessages';
import { GATEWAY_LINK } from './aadhaarVerification.model';
import { ACCOUNT, IFSC } from './bankVerification.model';
import { flush, http, offline } from './loginFakes';
import {
  KYC_DONE,
  KYC_REJECTED,
  NEW_TUTOR,
  PAN,
  PAN_VERIFIED,
  PHONE,
  provideTutor,
  tutorProfile,
  tutorWorld,
  type TutorWorld,
} from './tutorOnboarding.model';

const INPUT: TutorOnboardingInput = { storedStep: null, userId: '7' };

async function start(profile = NEW_TUTOR, input: TutorOnboardingInput = INPUT) {
  const world = tutorWorld();
  const actor = createActor(provideTutor(world), { input }).start();
  const snap = () => actor.getSnapshot();
  world.profile.last().resolve(profile);
  await flush();
  /** Step 1's form (machines/personalDetails). */
  const form = () => {
    const details = snap().children.details;
    if (!details) throw new Error(`No step 1 in ${JSON.stringify(snap().value)}`);
    return details;
  };
  const fields = () => form().getSnapshot().context;
  const next = () => form().send({ type: 'details.submit' });
  const onboard = () => world.details.onboard.last();
  return { world, actor, snap, form, fields, next, onboard };
}

type Started = Awaited<ReturnType<typeof start>>;

function fillPersonal(t: Started) {
  t.form().send({ type: 'details.change', field: 'firstName', value: 'Asha' });
  t.form().send({ type: 'details.change', field: 'lastName', value: 'Verma' });
  t.form().send({ type: 'details.change', field: 'pan', value: 'abcpv1234k' });
  // D319: nothing is sent before the privacy notice is agreed to.
  expect(t.form().getSnapshot().can({ type: 'details.submit' })).toBe(false);
  t.form().send({ type: 'consent.toggle', value: true });
}

async function verifyBank(t: Started, world: TutorWorld = t.world) {
  const bank = t.snap().children.bank!;
  bank.send({ type: 'bank.change', field: 'accountNumber', value: ACCOUNT });
  bank.send({ type: 'bank.change', field: 'confirmAccountNumber', value: ACCOUNT });
  bank.send({ type: 'bank.change', field: 'ifsc', value: IFSC });
  bank.send({ type: 'bank.verify' });
  world.bank.addAccount.last().resolve();
  await flush();
  bank.send({ type: 'bank.continue' });
}

describe('tutorOnboarding machine', () => {
  it('a new tutor goes through all three steps, storing each', async () => {
    const t = await start();
    expect(t.snap().matches('personal')).toBe(true);
    expect(t.form().getSnapshot().can({ type: 'details.submit' })).toBe(false);
    fillPersonal(t);
    t.next();
    expect(t.onboard().input).toEqual({
      phone: PHONE,
      first_name: 'Asha',
      last_name: 'Verma',
      pan: PAN,
      notice_version: NOTICE_VERSION,
    });
    t.onboard().resolve({ pan: PAN });
    await flush();
    expect(t.snap().value).toBe('account');
    await verifyBank(t);
    expect(t.snap().value).toBe('aadhaar');
    const aadhaar = t.snap().children.aadhaar!;
    aadhaar.send({ type: 'aadhaar.verify' });
    t.world.aadhaar.start.last().resolve({ onboardingLink: GATEWAY_LINK });
    await flush();
    expect(t.world.aadhaar.opened).toEqual([GATEWAY_LINK]);
    expect(t.world.steps).toEqual([1, 2, 3]);
    expect(t.world.navigations).toEqual([]);
  });

  it("a refused PAN shows the server's message under the form; without one D2's text", async () => {
    const t = await start();
    fillPersonal(t);
    t.next();
    t.onboard().reject(http(400, apiMessages.identity.panNameMismatch));
    await flush();
    expect(t.form().getSnapshot().matches({ editing: 'failed' })).toBe(true);
    expect(t.fields().error).toBe(apiMessages.identity.panNameMismatch);
    t.next();
    t.onboard().reject(http(500));
    await flush();
    expect(t.fields().error).toBe('Something went wrong. Please try again.');
    t.next();
    t.onboard().reject(http(409, apiMessages.identity.panLocked));
    await flush();
    expect(t.fields().error).toBe(apiMessages.identity.panLocked);
    expect(t.world.steps).toEqual([1]);
  });

  it('a verified PAN: names and PAN prefilled and read-only; Next moves on without a call', async () => {
    const t = await start(PAN_VERIFIED, { storedStep: 1, userId: '7' });
    expect(t.snap().matches('personal')).toBe(true);
    expect(t.snap().context).toMatchObject({
      firstName: 'Asha',
      lastName: 'Verma',
      pan: PAN,
      namesLocked: true,
      panRequired: false,
    });
    t.form().send({ type: 'details.change', field: 'firstName', value: 'Someone' });
    t.form().send({ type: 'details.change', field: 'pan', value: 'BXKPM4821Q' });
    expect(t.fields()).toMatchObject({ firstName: 'Asha', pan: PAN });
    t.next();
    expect(t.snap().value).toBe('account');
    expect(t.world.details.onboard.calls).toHaveLength(0);
  });

  it('Back from step 2 returns to step 1 (stored), and Next comes back to a fresh step 2', async () => {
    const t = await start(PAN_VERIFIED);
    expect(t.snap().value).toBe('account');
    t.snap().children.bank!.send({ type: 'bank.back' });
    expect(t.snap().matches('personal')).toBe(true);
    expect(t.world.steps).toEqual([2, 1]);
    t.next();
    expect(t.snap().value).toBe('account');
    expect(t.snap().children.bank!.getSnapshot().context.accountNumber).toBe('');
    expect(t.world.steps).toEqual([2, 1, 2]);
  });

  it('D4: a rejected KYC resumes at step 3 on the failed panel', async () => {
    const t = await start(KYC_REJECTED, { storedStep: 3, userId: '7' });
    expect(t.snap().value).toBe('aadhaar');
    expect(t.snap().children.aadhaar!.getSnapshot().context.failed).toBe(true);
  });

  it('the Aadhaar call uses the stored user id, else the profile id', async () => {
    const stored = await start(KYC_REJECTED, { storedStep: null, userId: '42' });
    stored.snap().children.aadhaar!.send({ type: 'aadhaar.verify' });
    expect(stored.world.aadhaar.start.last().input).toEqual({ userId: '42' });
    const none = await start(KYC_REJECTED, { storedStep: null, userId: null });
    none.snap().children.aadhaar!.send({ type: 'aadhaar.verify' });
    expect(none.world.aadhaar.start.last().input).toEqual({ userId: '7' });
  });

  it('nothing left to do: to the dashboard, no step stored', async () => {
    const t = await start(KYC_DONE, { storedStep: 2, userId: '7' });
    expect(t.snap().status).toBe('done');
    expect(t.world.navigations).toEqual([{ to: '/tutor/dashboard', replace: true }]);
    expect(t.world.steps).toEqual([]);
  });

  it('a 401 anywhere opens Session Expired; Login goes to /tutor/login', async () => {
    const world = tutorWorld();
    const actor = createActor(provideTutor(world), { input: INPUT }).start();
    world.profile.last().reject(http(401));
    await flush();
    expect(actor.getSnapshot().hasTag('sessionExpired')).toBe(true);
    actor.send({ type: 'session.login' });
    expect(world.navigations).toEqual([{ to: '/tutor/login', replace: true }]);

    const t = await start(PAN_VERIFIED);
    const bank = t.snap().children.bank!;
    bank.send({ type: 'bank.change', field: 'accountNumber', value: ACCOUNT });
    bank.send({ type: 'bank.change', field: 'confirmAccountNumber', value: ACCOUNT });
    bank.send({ type: 'bank.change', field: 'ifsc', value: IFSC });
    bank.send({ type: 'bank.verify' });
    t.world.bank.addAccount.last().reject(http(401));
    await flush();
    expect(t.snap().value).toBe('sessionExpired');
  });

  it('a profile that fails to load offers Try again', async () => {
    const world = tutorWorld();
    const actor = createActor(provideTutor(world), { input: INPUT }).start();
    world.profile.last().reject(offline);
    await flush();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.error).toBe(messages.generic.network);
    actor.send({ type: 'signup.retry' });
    expect(world.profile.calls).toHaveLength(2);
    world.profile.last().resolve(NEW_TUTOR);
    await flush();
    expect(actor.getSnapshot().matches('personal')).toBe(true);
  });
});

describe('resumeStep', () => {
  const withBank = tutorProfile({ ...PAN_VERIFIED, hasBankAccount: true });

  it('uses the stored step when the profile allows it', () => {
    expect(resumeStep(1, KYC_REJECTED)).toBe(1);
    expect(resumeStep(2, withBank)).toBe(2);
    expect(resumeStep(3, withBank)).toBe(3);
  });

  it('never resumes past what the profile allows', () => {
    expect(resumeStep(3, PAN_VERIFIED)).toBe(2);
    expect(resumeStep(2, NEW_TUTOR)).toBe(1);
  });

  it('without a stored step (or 0) uses the derived one', () => {
    expect(resumeStep(null, NEW_TUTOR)).toBe(1);
    expect(resumeStep(0, PAN_VERIFIED)).toBe(2);
    expect(resumeStep(null, withBank)).toBe(3); // D4: status NONE is step 3
  });

  it('a finished tutor resumes nothing (the dashboard)', () => {
    expect(resumeStep(1, KYC_DONE)).toBe(0);
  });
});
