// Journeys of the studentSignup machine whose end state matters (spec §2, §4 Student login 5-6,
// §5, §8; D2, D16).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { nameInput } from '../../machines/shared/fields';
import {
  isSignupValid,
  signupVisibleErrors,
  type SignupStart,
} from '../../machines/studentSignup/studentSignup.machine';
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
  const change = (field: 'firstName' | 'lastName' | 'pan', value: string) =>
    actor.send({ type: 'signup.change', field, value });
  return { world, actor, snap, change };
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
    expect(t.snap().can({ type: 'signup.submit' })).toBe(false);
    expect(signupVisibleErrors(t.snap().context)).toEqual({
      firstName: null,
      lastName: null,
      pan: null,
    });
    t.actor.send({ type: 'signup.blur', field: 'firstName' });
    t.actor.send({ type: 'signup.blur', field: 'lastName' });
    expect(signupVisibleErrors(t.snap().context)).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
    t.change('firstName', 'Rohan');
    t.change('lastName', 'Mehta');
    t.change('pan', 'bxk-pm 4821 q9');
    expect(t.snap().context.pan).toBe('BXKPM4821Q');
    expect(t.snap().can({ type: 'signup.submit' })).toBe(true);
    t.change('pan', 'ABCDE1234F'); // 10 characters, 4th not P
    expect(signupVisibleErrors(t.snap().context).pan).toBe('Enter valid PAN');
    expect(t.snap().can({ type: 'signup.submit' })).toBe(false);
    t.change('pan', 'ABC');
    expect(signupVisibleErrors(t.snap().context).pan).toBeNull();
    t.actor.send({ type: 'signup.blur', field: 'pan' });
    expect(signupVisibleErrors(t.snap().context).pan).toBe('Enter valid PAN');
    expect(isSignupValid(t.snap().context)).toBe(false);
  });

  it('keeps every change as the draft (D16: session storage while filled)', async () => {
    const t = await start();
    t.change('firstName', 'Rohan');
    t.change('pan', 'bx');
    expect(t.world.drafts.at(-1)).toEqual({ firstName: 'Rohan', lastName: '', pan: 'BX' });
  });

  it('submits names and PAN for its own phone, clears the draft and goes on into the flow', async () => {
    const t = await start();
    t.change('firstName', ' Rohan ');
    t.change('lastName', 'Mehta');
    t.change('pan', 'BXKPM4821Q');
    t.actor.send({ type: 'signup.submit' });
    expect(t.snap().hasTag('loading')).toBe(true);
    expect(t.world.onboard.last().input).toEqual({
      phone: '9876543210',
      first_name: 'Rohan',
      last_name: 'Mehta',
      pan: 'BXKPM4821Q',
    });
    t.world.onboard.last().resolve({ pan: 'BXKPM4821Q' });
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
    t.actor.send({ type: 'signup.submit' });
    expect(t.world.onboard.last().input).toEqual({
      phone: '9876543210',
      first_name: 'Rohan',
      last_name: 'Mehta',
    });
    t.world.onboard.last().resolve({ pan: null });
    await flush();
    expect(t.snap().matches('editing')).toBe(true);
    expect(t.snap().context).toMatchObject({
      panRequired: true,
      notice: 'Enter your PAN to continue.',
    });
    expect(t.snap().can({ type: 'signup.submit' })).toBe(false);
    t.change('pan', 'BXKPM4821Q');
    t.actor.send({ type: 'signup.submit' });
    expect(t.world.onboard.last().input.pan).toBe('BXKPM4821Q');
    expect(t.world.cleared).toBe(0);
  });

  it("a refusal shows the server's message; without one D2's 'Something went wrong. Please try again.'", async () => {
    const t = await start();
    t.change('firstName', 'Rohan');
    t.change('lastName', 'Mehta');
    t.change('pan', 'BXKPM4821Q');
    t.actor.send({ type: 'signup.submit' });
    t.world.onboard.last().reject(http(400, apiMessages.identity.panNameMismatch));
    await flush();
    expect(t.snap().value).toEqual({ editing: 'failed' });
    expect(t.snap().context.error).toBe(apiMessages.identity.panNameMismatch);
    t.actor.send({ type: 'signup.submit' });
    t.world.onboard.last().reject(http(502));
    await flush();
    expect(t.snap().context.error).toBe('Something went wrong. Please try again.');
    t.change('firstName', 'Rohan');
    expect(t.snap().context.error).toBeNull();
    expect(t.world.cleared).toBe(0);
  });

  it('an expired session (401) goes to /student/login', async () => {
    const t = await start();
    t.change('firstName', 'Rohan');
    t.change('lastName', 'Mehta');
    t.change('pan', 'BXKPM4821Q');
    t.actor.send({ type: 'signup.submit' });
    t.world.onboard.last().reject(http(401, messages.auth.invalidToken));
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
    t.actor.send({ type: 'signup.submit' });
    t.world.onboard.last().resolve({ pan: 'BXKPM4821Q' });
    await flush();
    t.world.route.last().reject(offline);
    await flush();
    expect(t.snap().value).toBe('routeFailed');
    t.actor.send({ type: 'signup.retry' });
    expect(t.world.route.calls).toHaveLength(2);
    expect(t.world.onboard.calls).toHaveLength(1);
  });

  it('a name keeps no control characters and at most 50 characters', () => {
    expect(nameInput('Ro\thán\n')).toBe('Rohán');
    expect(nameInput('a'.repeat(80))).toHaveLength(50);
  });
});
