// Journeys of the studentSignup machine whose end state matters (spec §2, §4 Student login 5-6,
// §5, §8; D2, D16).
import { NOTICE_VERSION } from '../../src/domain/privacy';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { nameInput } from '../../machines/shared/fields';
import { isPersonalDetailsValid, personalVisibleErrors } from '../../machines/personalDetails/form';
import type { SignupStart } from '../../machines/studentSignup/studentSignup.machine';
import { messages } from '../../src/domain/messages';
import { apiMessages } from '../../src/domain/apiMessages';
import { flush, http, offline } from './loginFakes';
import {
  COMPLETE_ME,
  NEW_ME,
  PAN_ON_FILE_ME,
  provideSignup,
  signupWorld,
} from './studentSignup.model';

const SIGNED_IN: SignupStart = { signedIn: true, draft: null, autoFill: null };

async function start(startWith: SignupStart = SIGNED_IN, me = NEW_ME) {
  const world = signupWorld();
  const actor = createActor(provideSignup(world)).start();
  const snap = () => actor.getSnapshot();
  world.load.last().resolve(startWith);
  await flush();
  if (startWith.signedIn) {
    world.fetchMe.last().resolve(me);
    await flush();
  }
  /** The personal-details form the page shows (machines/personalDetails). */
  const form = () => {
    const details = snap().children.details;
    if (!details) throw new Error(`No form in ${JSON.stringify(snap().value)}`);
    return details;
  };
  const fields = () => form().getSnapshot().context;
  const change = (field: 'firstName' | 'lastName' | 'pan', value: string) =>
    form().send({ type: 'details.change', field, value });
  const blur = (field: 'firstName' | 'lastName' | 'pan') =>
    form().send({ type: 'details.blur', field });
  const consent = () => form().send({ type: 'consent.toggle', value: true });
  const submit = () => {
    consent();
    form().send({ type: 'details.submit' });
  };
  const canSubmit = () => form().getSnapshot().can({ type: 'details.submit' });
  const onboard = () => world.details.onboard.last();
  return { world, actor, snap, form, fields, change, blur, consent, submit, canSubmit, onboard };
}

describe('studentSignup machine', () => {
  it('without a token goes to /student/login and asks nothing', async () => {
    const t = await start({ signedIn: false, draft: null, autoFill: null });
    expect(t.world.navigations).toEqual([{ to: '/student/login', replace: true }]);
    expect(t.world.fetchMe.calls).toHaveLength(0);
    expect(t.snap().status).toBe('done');
  });

  it("prefills: this form's draft, then the hand-over, then the server's names", async () => {
    const t = await start(
      {
        signedIn: true,
        draft: { firstName: 'Rohit', lastName: '', pan: 'bxkpm' },
        autoFill: { firstName: 'Ro', lastName: 'Mehta' },
      },
      { ...NEW_ME, first_name: 'Server', last_name: 'Name' },
    );
    expect(t.snap().context).toMatchObject({
      firstName: 'Rohit',
      lastName: 'Mehta',
      pan: 'BXKPM',
      panRequired: true,
    });
  });

  it('checks the fields as spec §5 says, and only a valid form can be submitted', async () => {
    const t = await start();
    expect(t.canSubmit()).toBe(false);
    expect(personalVisibleErrors(t.fields())).toEqual({
      firstName: null,
      lastName: null,
      pan: null,
    });
    t.blur('firstName');
    t.blur('lastName');
    expect(personalVisibleErrors(t.fields())).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
    t.change('firstName', 'Rohan');
    t.change('lastName', 'Mehta');
    t.change('pan', 'bxk-pm 4821 q9');
    expect(t.fields().pan).toBe('BXKPM4821Q');
    // D319: a valid form still waits for the privacy notice's box.
    expect(t.canSubmit()).toBe(false);
    t.consent();
    expect(t.canSubmit()).toBe(true);
    t.change('pan', 'ABCDE1234F'); // 10 characters, 4th not P
    expect(personalVisibleErrors(t.fields()).pan).toBe('Enter valid PAN');
    expect(t.canSubmit()).toBe(false);
    t.change('pan', 'ABC');
    expect(personalVisibleErrors(t.fields()).pan).toBeNull();
    t.blur('pan');
    expect(personalVisibleErrors(t.fields()).pan).toBe('Enter valid PAN');
    expect(isPersonalDetailsValid(t.fields())).toBe(false);
  });

  it('keeps every change as the draft (D16: session storage while filled)', async () => {
    const t = await start();
    t.change('firstName', 'Rohan');
    t.change('pan', 'bx');
    expect(t.world.details.drafts.at(-1)).toEqual({ firstName: 'Rohan', lastName: '', pan: 'BX' });
  });

  it('submits names and PAN for its own phone, clears the draft and goes on into the flow', async () => {
    const t = await start();
    t.change('firstName', ' Rohan ');
    t.change('lastName', 'Mehta');
    t.change('pan', 'BXKPM4821Q');
    t.submit();
    expect(t.form().getSnapshot().hasTag('loading')).toBe(true);
    expect(t.onboard().input).toEqual({
      phone: '9876543210',
      first_name: 'Rohan',
      last_name: 'Mehta',
      pan: 'BXKPM4821Q',
      notice_version: NOTICE_VERSION,
    });
    t.onboard().resolve({ pan: 'BXKPM4821Q' });
    await flush();
    expect(t.world.cleared).toBe(1);
    t.world.route.last().resolve({ to: '/pay/payment-details', store: null });
    await flush();
    expect(t.world.navigations).toEqual([{ to: '/pay/payment-details', replace: true }]);
  });

  it('with a PAN on file sends names only; if the server has none after all, the PAN field appears', async () => {
    const t = await start(SIGNED_IN, PAN_ON_FILE_ME);
    expect(t.snap().context.panRequired).toBe(false);
    t.change('firstName', 'Rohan');
    t.change('lastName', 'Mehta');
    t.submit();
    expect(t.onboard().input).toEqual({
      phone: '9876543210',
      first_name: 'Rohan',
      last_name: 'Mehta',
      notice_version: NOTICE_VERSION,
    });
    t.onboard().resolve({ pan: null });
    await flush();
    expect(t.form().getSnapshot().matches('editing')).toBe(true);
    expect(t.fields()).toMatchObject({
      panRequired: true,
      notice: 'Enter your PAN to continue.',
    });
    expect(t.canSubmit()).toBe(false);
    t.change('pan', 'BXKPM4821Q');
    t.submit();
    expect(t.onboard().input.pan).toBe('BXKPM4821Q');
    expect(t.world.cleared).toBe(0);
  });

  it("a refusal shows the server's message; without one D2's 'Something went wrong. Please try again.'", async () => {
    const t = await start();
    t.change('firstName', 'Rohan');
    t.change('lastName', 'Mehta');
    t.change('pan', 'BXKPM4821Q');
    t.submit();
    t.onboard().reject(http(400, apiMessages.identity.panNameMismatch));
    await flush();
    expect(t.form().getSnapshot().value).toEqual({ editing: 'failed' });
    expect(t.fields().error).toBe(apiMessages.identity.panNameMismatch);
    t.submit();
    t.onboard().reject(http(502));
    await flush();
    expect(t.fields().error).toBe('Something went wrong. Please try again.');
    t.change('firstName', 'Rohan');
    expect(t.fields().error).toBeNull();
    expect(t.world.cleared).toBe(0);
  });

  it('an expired session (401) goes to /student/login', async () => {
    const t = await start();
    t.change('firstName', 'Rohan');
    t.change('lastName', 'Mehta');
    t.change('pan', 'BXKPM4821Q');
    t.submit();
    t.onboard().reject(http(401, messages.auth.invalidToken));
    await flush();
    expect(t.world.navigations).toEqual([{ to: '/student/login', replace: true }]);
  });

  it('a complete profile skips the form and goes on, leaving no draft behind', async () => {
    const t = await start(SIGNED_IN, COMPLETE_ME);
    expect(t.snap().value).toBe('routing');
    expect(t.world.cleared).toBe(1);
  });

  it('offline while loading the user: a message and Try again', async () => {
    const world = signupWorld();
    const actor = createActor(provideSignup(world)).start();
    world.load.last().resolve(SIGNED_IN);
    await flush();
    world.fetchMe.last().reject(offline);
    await flush();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.error).toBe(messages.generic.network);
    actor.send({ type: 'signup.retry' });
    expect(world.fetchMe.calls).toHaveLength(2);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a failed step into the flow can be tried again without saving twice', async () => {
    const t = await start();
    t.change('firstName', 'Rohan');
    t.change('lastName', 'Mehta');
    t.change('pan', 'BXKPM4821Q');
    t.submit();
    t.onboard().resolve({ pan: 'BXKPM4821Q' });
    await flush();
    t.world.route.last().reject(offline);
    await flush();
    expect(t.snap().value).toBe('routeFailed');
    t.actor.send({ type: 'signup.retry' });
    expect(t.world.route.calls).toHaveLength(2);
    expect(t.world.details.onboard.calls).toHaveLength(1);
  });

  it('a name keeps no control characters and at most 50 characters', () => {
    expect(nameInput('Ro\thán\n')).toBe('Rohán');
    expect(nameInput('a'.repeat(80))).toHaveLength(50);
  });
});
