// Path model of the tutorOnboarding machine (the three-step tutor sign-up), walked on the machine
// and through /tutor/personal-details' view. Its three steps are the real child machines, driven
// through their own events, against fake calls (each has its own paths).
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { TutorSignupView } from '../../src/ui/routes/tutor/signup/TutorSignupPage';
import type { NavigateParams } from '../../machines/shared/navigation';
import {
  tutorOnboardingMachine,
  type TutorSignupProfile,
} from '../../machines/tutorOnboarding/tutorOnboarding.machine';
import { messages } from '../../src/domain/messages';
import type { PgOnboardingStatus } from '../../src/domain/onboarding';
import type { EventFixture, PathModel, PathRun, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, queryButton } from '../support/uiPaths';
import { aadhaarWorld, provideAadhaar, type AadhaarWorld } from './aadhaarVerification.model';
import { ACCOUNT, bankWorld, IFSC, provideBank, type BankWorld } from './bankVerification.model';
import {
  doneFixture,
  errorFixture,
  fakeCall,
  flush,
  http,
  offline,
  type FakeCall,
} from './loginFakes';
import { detailsWorld, provideDetails, type DetailsWorld } from './personalDetails.model';
import { PAN, tutorOnboardingEvents } from './tutorOnboarding.events';

export { PAN };

export interface TutorWorld {
  profile: FakeCall<TutorSignupProfile, void>;
  details: DetailsWorld;
  bank: BankWorld;
  aadhaar: AadhaarWorld;
  steps: number[];
  navigations: NavigateParams[];
}

export const tutorWorld = (): TutorWorld => ({
  profile: fakeCall(),
  details: detailsWorld(),
  bank: bankWorld(),
  aadhaar: aadhaarWorld(),
  steps: [],
  navigations: [],
});

export const provideTutor = (w: TutorWorld) =>
  tutorOnboardingMachine.provide({
    actors: {
      fetchProfile: w.profile.logic,
      personalDetails: provideDetails(w.details),
      bankVerification: provideBank(w.bank),
      aadhaarVerification: provideAadhaar(w.aadhaar),
    },
    actions: {
      storeStep: (_, { step }) => void w.steps.push(step),
      navigate: (_, params) => void w.navigations.push(params),
    },
  });

export const PHONE = '9123456780';

/** A tutor as fetchTutorProfile reads them. */
export function tutorProfile(over: Partial<TutorSignupProfile> = {}): TutorSignupProfile {
  return {
    id: '7',
    phone: PHONE,
    role: 'teacher',
    first_name: null,
    last_name: null,
    pan: null,
    pg_onboarding_status: [],
    hasBankAccount: false,
    ...over,
  };
}

const status = (s: PgOnboardingStatus) => [{ pg_name: 'cashfree', status: s }];
export const NEW_TUTOR = tutorProfile();
export const PAN_VERIFIED = tutorProfile({ first_name: 'Asha', last_name: 'Verma', pan: PAN });
export const KYC_REJECTED = tutorProfile({
  ...PAN_VERIFIED,
  hasBankAccount: true,
  pg_onboarding_status: status('MIN_KYC_REJECTED'),
});
export const KYC_DONE = tutorProfile({
  ...PAN_VERIFIED,
  hasBankAccount: true,
  pg_onboarding_status: status('ACTIVE'),
});

type Run = PathRun<TutorWorld>;
const child = ({ actor }: Run, id: 'details' | 'bank' | 'aadhaar') => {
  const ref = actor.getSnapshot().children[id];
  if (!ref) throw new Error(`The ${id} step is not running.`);
  return ref as { send(event: { type: string; [key: string]: unknown }): void };
};

const SAVED = { result: 'saved', firstName: 'Asha', lastName: 'Verma', pan: PAN } as const;

/**
 * Step 1 ends as the event says: the tutor fills and saves (or, verified already, goes on), or
 * the session is lost.
 */
const detailsDone: EventFixture<EventObject, TutorWorld> = {
  cases: [
    { type: 'xstate.done.actor.details', output: SAVED },
    { type: 'xstate.done.actor.details', output: { result: 'unauthorized' } },
  ] as never,
  exec: async (run, event) => {
    const details = child(run, 'details');
    const { result } = (event as unknown as { output: { result: string } }).output;
    details.send({ type: 'details.change', field: 'firstName', value: 'Asha' });
    details.send({ type: 'details.change', field: 'lastName', value: 'Verma' });
    details.send({ type: 'details.change', field: 'pan', value: PAN });
    details.send({ type: 'consent.toggle', value: true });
    details.send({ type: 'details.submit' });
    if (run.actor.getSnapshot().matches('account')) return; // verified: nothing sent
    const call = run.world.details.onboard.last();
    if (result === 'saved') call.resolve({ pan: PAN });
    else call.reject(http(401));
    await flush();
  },
};

/** Step 2 ends as the event says: the tutor fills and verifies, or goes back. */
const bankDone: EventFixture<EventObject, TutorWorld> = {
  cases: [
    { type: 'xstate.done.actor.bank', output: { result: 'verified' } },
    { type: 'xstate.done.actor.bank', output: { result: 'back' } },
    { type: 'xstate.done.actor.bank', output: { result: 'unauthorized' } },
  ] as never,
  exec: async (run, event) => {
    const bank = child(run, 'bank');
    const { result } = (event as unknown as { output: { result: string } }).output;
    if (result === 'back') return bank.send({ type: 'bank.back' });
    bank.send({ type: 'bank.change', field: 'accountNumber', value: ACCOUNT });
    bank.send({ type: 'bank.change', field: 'confirmAccountNumber', value: ACCOUNT });
    bank.send({ type: 'bank.change', field: 'ifsc', value: IFSC });
    bank.send({ type: 'bank.verify' });
    const call = run.world.bank.addAccount.last();
    if (result === 'verified') call.resolve();
    else call.reject(http(401));
    await flush();
    if (result === 'verified') bank.send({ type: 'bank.continue' });
  },
};

/** Step 3 ends without leaving the page: a lost session, or a 409 and on to the dashboard. */
const aadhaarDone: EventFixture<EventObject, TutorWorld> = {
  cases: [
    { type: 'xstate.done.actor.aadhaar', output: { result: 'unauthorized' } },
    { type: 'xstate.done.actor.aadhaar', output: { result: 'dashboard' } },
  ] as never,
  exec: async (run, event) => {
    const aadhaar = child(run, 'aadhaar');
    const { result } = (event as unknown as { output: { result: string } }).output;
    aadhaar.send({ type: 'aadhaar.verify' });
    const call = run.world.aadhaar.start.last();
    call.reject(
      result === 'unauthorized' ? http(401) : http(409, 'Your KYC is already submitted.'),
    );
    await flush();
    if (result === 'dashboard') aadhaar.send({ type: 'aadhaar.dashboard' });
  },
};

const lastStep = ({ world }: Run) => world.steps.at(-1);

const m = messages.tutorSignup;
const field = (label: string) =>
  screen.queryByRole<HTMLInputElement>('textbox', { name: new RegExp(`^${label}`) });
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const heading = () => screen.getByRole('heading', { level: 1 });
const loader = () => screen.queryByLabelText(m.loading);

/** The tutor's sign-up as the tutor sees it (steps 2 and 3 have their own screens' paths). */
export const tutorOnboardingScreen: UiLayer<typeof tutorOnboardingMachine, TutorWorld> = {
  view: ({ actor }) => <TutorSignupView actor={actor} />,
  gestures: {
    'signup.retry': (_, ui) => clickOn(queryButton(m.tryAgain), ui),
    'session.login': (_, ui) => clickOn(queryButton(messages.auth.login), ui),
  },
  screens: {
    loading: () => {
      expect(loader()).toBeInTheDocument();
    },
    loadFailed: ({ context }) => {
      expect(alerts()).toEqual([`${m.loadFailed} ${context.error}`]);
      expect(buttonNamed(m.tryAgain)).toBeEnabled();
    },
    // Step 1 opens with the profile's names and PAN, read-only once verified (D29).
    personal: ({ context }) => {
      expect(heading()).toHaveTextContent(m.steps[0]);
      expect(field(m.firstName)).toHaveValue(context.firstName);
      expect(field(m.lastName)).toHaveValue(context.lastName);
      expect(field(m.pan)).toHaveValue(context.pan);
      if (context.namesLocked) expect(screen.getByText(m.verified)).toBeInTheDocument();
      else expect(field(m.firstName)).not.toHaveAttribute('readonly');
    },
    account: () => {
      expect(heading()).toHaveTextContent(m.steps[1]);
      const account = new RegExp(`^${messages.bank.accountNumber}`);
      expect(screen.getByRole('textbox', { name: account })).toBeInTheDocument();
    },
    aadhaar: () => {
      expect(heading()).toHaveTextContent(messages.aadhaar.heading);
    },
    sessionExpired: () => {
      expect(screen.getByText(messages.auth.sessionExpired)).toBeInTheDocument();
      expect(buttonNamed(messages.auth.login)).toBeEnabled();
    },
    // The page leaves (the machine layer checks where).
    finished: null,
  },
};

export const tutorOnboardingPathModel: PathModel<typeof tutorOnboardingMachine, TutorWorld> = {
  name: 'tutorOnboarding',
  machine: tutorOnboardingMachine,
  inputs: [{ storedStep: null, userId: '7' }],
  world: tutorWorld,
  provide: provideTutor,
  events: tutorOnboardingEvents,
  ui: tutorOnboardingScreen,
  // A tutor whose names and PAN are verified sends nothing on Next: no 401 can come.
  possible: ({ context }, event) =>
    event.type !== 'xstate.done.actor.details' ||
    (event as unknown as { output: { result: string } }).output.result === 'saved' ||
    !(context.namesLocked && !context.panRequired),
  internal: {
    'xstate.done.actor.fetchProfile': doneFixture(
      'fetchProfile',
      [NEW_TUTOR, PAN_VERIFIED, KYC_REJECTED, KYC_DONE],
      (w: TutorWorld) => w.profile,
    ),
    'xstate.error.actor.fetchProfile': errorFixture(
      'fetchProfile',
      [http(401), offline],
      (w: TutorWorld) => w.profile,
    ),
    'xstate.done.actor.details': detailsDone,
    'xstate.done.actor.bank': bankDone,
    'xstate.done.actor.aadhaar': aadhaarDone,
  },
  states: {
    loading: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      assert.ok(world.profile.calls.length >= 1);
      assert.deepEqual(world.steps, []);
    },
    loadFailed: ({ context }) => assert.equal(context.error, messages.generic.network),
    personal: ({ context }, run) => {
      assert.equal(lastStep(run), 1);
      assert.equal(context.phone, PHONE);
      assert.match(context.pan, /^[A-Z0-9]{0,10}$/);
    },
    account: (snapshot, run) => {
      assert.equal(lastStep(run), 2);
      assert.ok(snapshot.children.bank);
      // Reached through step 1 or resumed: the names and PAN are verified by now.
      assert.equal(snapshot.context.namesLocked, true);
      assert.equal(snapshot.context.panRequired, false);
    },
    aadhaar: (snapshot, run) => {
      assert.equal(lastStep(run), 3);
      // D4: a rejected KYC opens on the failed panel.
      const step = snapshot.children.aadhaar?.getSnapshot();
      assert.equal(step?.context.failed, snapshot.context.aadhaarRejected);
      assert.equal(step?.context.userId, '7');
    },
    sessionExpired: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('sessionExpired'));
      assert.deepEqual(world.navigations, []);
    },
    finished: (snapshot, { world }) => {
      assert.equal(snapshot.status, 'done');
      assert.equal(world.navigations.length, 1);
      const [to] = world.navigations.map((n) => n.to);
      assert.ok(to === '/tutor/login' || to === '/tutor/dashboard');
      if (to === '/tutor/dashboard' && world.steps.length === 0) {
        // Nothing left to do: straight to the dashboard, no step stored.
        assert.equal(world.profile.calls.length, 1);
      }
    },
  },
};
