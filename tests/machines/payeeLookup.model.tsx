// Path model of the payeeLookup machine (pay by phone), walked on the machine and through the
// pay-by-phone form.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { PayeeLookupView } from '../../src/ui/routes/pay/PayeeLookupActor';
import { ANALYTICS_EVENTS } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import type { PgOnboardingStatus } from '../../src/domain/onboarding';
import type { ChosenPayee } from '../../machines/amountEntry/amountEntry.machine';
import {
  detailsErrors,
  payeeLookupMachine,
  searchOutcome,
  type PayeeFacts,
  type PayeeSearch,
  type PendingPayee,
} from '../../machines/payeeLookup/payeeLookup.machine';
import type { NavigateParams } from '../../machines/shared/navigation';
import type { EventFixtures, PathModel, PathRun, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, expectFieldError, queryButton, typeInto } from '../support/uiPaths';
import { doneCases, errorCases, fakeActor, type FakeActor } from './fakes';

interface World {
  search: FakeActor<PayeeSearch, { phone: string }>;
  navigations: NavigateParams[];
  saved: (number | null)[];
  pending: PendingPayee[];
  payees: ChosenPayee[];
  tracked: string[];
}

export const TUTOR_PHONE = '9123456780';

export function tutorFacts(
  status: PgOnboardingStatus | null,
  over: Partial<PayeeFacts> = {},
): PayeeFacts {
  return {
    id: 7,
    first_name: 'Asha',
    last_name: 'Verma',
    has_pan: true,
    role: 'teacher',
    phone: TUTOR_PHONE,
    pg_onboarding_status: status ? [{ pg_name: 'cashfree', status }] : [],
    ...over,
  };
}

export const searches = {
  unauthorized: { kind: 'unauthorized' },
  none: { kind: 'none' },
  student: { kind: 'found', payee: tutorFacts(null, { role: 'student' }) },
  noPan: { kind: 'found', payee: tutorFacts('NONE', { has_pan: false }) },
  kycPending: { kind: 'found', payee: tutorFacts('MIN_KYC_PENDING') },
  kycSubmitted: { kind: 'found', payee: tutorFacts('MIN_KYC_SUBMITTED') },
  approved: { kind: 'found', payee: tutorFacts('MIN_KYC_APPROVED') },
  approvedNoId: { kind: 'found', payee: tutorFacts('ACTIVE', { id: null }) },
} satisfies Record<string, PayeeSearch>;

export const payeeLookupEvents = {
  'amount.change': [
    { type: 'amount.change', value: '0' },
    { type: 'amount.change', value: '₹1,500' },
  ],
  'phone.change': [
    { type: 'phone.change', value: '12345' },
    { type: 'phone.change', value: '+91 91234 56780' },
  ],
  'details.submit': [{ type: 'details.submit' }],
  'dialog.close': [{ type: 'dialog.close' }],
} satisfies EventFixtures<typeof payeeLookupMachine, World>;

const rateLimited = { kind: 'http', status: 429, message: 'Too many look-ups. Try again later.' };

function stayed({ world }: PathRun<World>) {
  assert.deepEqual(world.navigations, []);
  assert.deepEqual([...world.pending, ...world.payees], []);
}

const m = messages.payeeLookup;
const amountField = () => screen.getByRole<HTMLInputElement>('textbox', { name: m.amountLabel });
const phoneField = () => screen.getByRole<HTMLInputElement>('textbox', { name: m.phoneLabel });
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

/** The pay-by-phone form as the student sees it. */
export const payeeLookupScreen: UiLayer<typeof payeeLookupMachine, World> = {
  view: ({ actor }) => <PayeeLookupView actorRef={actor} title={m.title} />,
  gestures: {
    'amount.change': ({ value }, ui) => typeInto(amountField(), value, ui),
    'phone.change': ({ value }, ui) => typeInto(phoneField(), value, ui),
    'details.submit': (_, ui) => clickOn(queryButton(m.proceed), ui),
    'dialog.close': (_, ui) => clickOn(queryButton(m.ok), ui),
  },
  screens: {
    editing: (snapshot) => {
      const { amountText, phone, error } = snapshot.context;
      expect(amountField()).toHaveValue(amountText);
      expect(phoneField()).toHaveValue(phone);
      const errors = detailsErrors(snapshot);
      expectFieldError(amountField(), errors.amount);
      expectFieldError(phoneField(), errors.phone);
      expect(alerts()).toEqual(error ? [error] : []);
      if (snapshot.can({ type: 'details.submit' })) expect(buttonNamed(m.proceed)).toBeEnabled();
      else expect(buttonNamed(m.proceed)).toBeDisabled();
    },
    searching: () => {
      expect(buttonNamed(m.proceed)).toBeDisabled();
      expect(phoneField()).toHaveAttribute('readonly');
    },
    kycLinkSent: () => {
      expect(screen.getByText(m.kycPendingTitle)).toBeInTheDocument();
      expect(screen.getByText(m.kycLinkSent)).toBeInTheDocument();
    },
    kycDone: () => {
      expect(screen.getByText(m.kycDoneTitle)).toBeInTheDocument();
      expect(screen.getByText(m.kycDone)).toBeInTheDocument();
    },
    // On to the tutor's details or the login (the machine layer checks where).
    leaving: null,
  },
};

export const payeeLookupPathModel: PathModel<typeof payeeLookupMachine, World> = {
  name: 'payeeLookup',
  machine: payeeLookupMachine,
  inputs: [{ amountText: '1500', phone: TUTOR_PHONE }],
  world: () => ({
    search: fakeActor(),
    navigations: [],
    saved: [],
    pending: [],
    payees: [],
    tracked: [],
  }),
  provide: (world) =>
    payeeLookupMachine.provide({
      actors: { searchPayee: world.search.logic },
      actions: {
        navigate: (_, params) => void world.navigations.push(params),
        saveAmount: (_, { amount }) => void world.saved.push(amount),
        storePending: (_, p) => void world.pending.push(p),
        storePayee: (_, p) => void world.payees.push(p),
        track: (_, { event }) => void world.tracked.push(event),
      },
    }),
  events: payeeLookupEvents,
  ui: payeeLookupScreen,
  internal: {
    'xstate.done.actor.searchPayee': doneCases<World, PayeeSearch>(
      'searchPayee',
      Object.values(searches) as [PayeeSearch, ...PayeeSearch[]],
      (w) => w.search,
    ),
    'xstate.error.actor.searchPayee': errorCases<World>(
      'searchPayee',
      [{ kind: 'network' }, rateLimited],
      (w) => w.search,
    ),
  },
  states: {
    editing: (snapshot, run) => {
      stayed(run);
      const { amountText, phone, error } = snapshot.context;
      // Spec §5 as typed: '0' is under ₹1; '12345' is too short to judge yet.
      assert.deepEqual(detailsErrors(snapshot), {
        amount: amountText === '0' ? messages.validation.amountMin : null,
        phone: null,
      });
      assert.equal(
        snapshot.can({ type: 'details.submit' }),
        amountText === '1500' && phone === TUTOR_PHONE,
      );
      assert.ok(
        [
          null,
          messages.roles.payeeIsStudent,
          messages.generic.network,
          rateLimited.message,
        ].includes(error),
      );
      if (error === messages.roles.payeeIsStudent) {
        assert.equal(searchOutcome(run.world.search.outputs.at(-1)!), 'payee-is-student');
      }
    },
    searching: (snapshot, run) => {
      stayed(run);
      assert.ok(snapshot.hasTag('loading'));
      assert.equal(snapshot.can({ type: 'details.submit' }), false);
      assert.deepEqual(run.world.search.last().input, { phone: TUTOR_PHONE });
      assert.equal(run.world.tracked.at(-1), ANALYTICS_EVENTS.enteredAmount);
    },
    kycLinkSent: (snapshot, run) => {
      stayed(run);
      assert.equal(searchOutcome(run.world.search.outputs.at(-1)!), 'kyc-link-sent');
    },
    kycDone: (snapshot, run) => {
      stayed(run);
      assert.equal(searchOutcome(run.world.search.outputs.at(-1)!), 'kyc-done');
    },
    leaving: (_, { world }) => {
      assert.equal(world.navigations.length, 1);
      const to = world.navigations[0]?.to;
      const outcome = searchOutcome(world.search.outputs.at(-1)!);
      if (outcome === 'review') {
        assert.equal(to, '/pay/review');
        assert.deepEqual(world.payees, [
          {
            amount: 150_000,
            payeeId: 7,
            tutorName: 'Asha Verma',
            tutorPhone: TUTOR_PHONE,
            verified: true,
            session: null,
          },
        ]);
        return;
      }
      assert.equal(to, outcome === 'login' ? '/student/login' : '/pay/tutor-details');
      assert.equal(outcome === 'login' || outcome === 'tutor-details', true);
      assert.deepEqual(world.pending, [{ amount: 150_000, tutorPhone: TUTOR_PHONE }]);
    },
  },
};
