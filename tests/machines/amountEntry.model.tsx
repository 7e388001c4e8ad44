// Path model of the amountEntry machine (the static-link amount screen), shared by its vitest
// suite and scripts/path-coverage.ts.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { ANALYTICS_EVENTS } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import {
  amountEntryMachine,
  amountError,
  feeSummary,
  payeeVerified,
  type ChosenPayee,
  type FeeSettings,
  type PendingPayment,
  type TutorLookup,
} from '../../machines/amountEntry/amountEntry.machine';
import { amountPaise, isPayableAmount } from '../../machines/amountEntry/amount';
import { computeBreakup } from '../../src/domain/fees';
import { nextSettlement } from '../../src/domain/settlement';
import type { NavigateParams } from '../../machines/shared/navigation';
import { AmountEntryView } from '../../src/ui/routes/static-link/StaticLinkController';
import type { EventFixtures, PathModel, PathRun, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, expectFieldError, queryButton, typeInto } from '../support/uiPaths';
import { doneCases, errorCases, fakeActor, type FakeActor } from './fakes';

interface World {
  lookup: FakeActor<TutorLookup | null, { username: string }>;
  fees: FakeActor<FeeSettings>;
  navigations: NavigateParams[];
  saved: (number | null)[];
  forLogin: PendingPayment[];
  forReview: ChosenPayee[];
  tracked: string[];
}

/** A tutor whose cashfree entry has `status`; null: no gateway entry at all. */
const tutor = (id: number | null, status: string | null): TutorLookup => ({
  id,
  name: 'Asha Verma',
  username: 'asha-verma',
  phone: '9123456780',
  onboarding: status === null ? [] : [{ pg_name: 'cashfree', status }],
});

export const tutors = {
  anonymous: tutor(null, 'ACTIVE'),
  payable: tutor(7, 'MIN_KYC_APPROVED'),
  /** No gateway entry at all: Proceed (logged in) → /page-not-found. */
  notOnboarded: tutor(7, null),
  /** D65: KYC pending, shown on the amount screen whether logged in or not. */
  kycPending: tutor(null, 'MIN_KYC_PENDING'),
  kycDone: tutor(7, 'MIN_KYC_SUBMITTED'),
};

const fees: FeeSettings = { baseRate: 1, holidays: ['2025-10-02'] };

export const amountEntryEvents = {
  'amount.change': [
    { type: 'amount.change', value: '1,500' }, // payable once non-digits go
    { type: 'amount.change', value: '0' }, // zero: not payable
  ],
  'amount.submit': [{ type: 'amount.submit' }],
  'tutor.retry': [{ type: 'tutor.retry' }],
} satisfies EventFixtures<typeof amountEntryMachine, World>;

/** When the page opened: 1 Oct 2025, 10:00 IST (the day before the holiday in `fees`). */
const OPENED = Date.UTC(2025, 9, 1, 4, 30);

function noExit({ world }: PathRun<World>) {
  assert.deepEqual(world.navigations, []);
  assert.deepEqual(world.tracked, []);
}

const m = messages.staticLink;
const amountField = () => screen.getByLabelText(m.amountLabel);
const summaryShown = () => screen.queryByRole('region', { name: m.feeSummaryTitle }) !== null;

/** The static link's amount screen, as a payer sees it. */
export const amountEntryScreen: UiLayer<typeof amountEntryMachine, World> = {
  view: ({ actor }) => <AmountEntryView actor={actor} />,
  gestures: {
    'amount.change': ({ value }, ui) => typeInto(amountField(), value, ui),
    'amount.submit': (_, ui) => clickOn(buttonNamed(m.proceed), ui),
    'tutor.retry': (_, ui) => clickOn(queryButton(m.retry), ui),
  },
  screens: {
    // Every state: the field shows what the machine kept, with its message; Proceed only when
    // the machine would take it.
    page: (snapshot) => {
      expect(amountField()).toHaveValue(snapshot.context.amountText);
      expectFieldError(amountField(), amountError(snapshot));
      if (snapshot.can({ type: 'amount.submit' })) expect(buttonNamed(m.proceed)).toBeEnabled();
      else expect(buttonNamed(m.proceed)).toBeDisabled();
    },
    fees: null,
    'page.loading': () => {
      expect(screen.queryByText(m.amountHelper('Asha Verma'))).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    },
    'page.loadFailed': (snapshot) => {
      expect(screen.getByRole('alert')).toHaveTextContent(snapshot.context.error!);
      expect(queryButton(m.retry)).not.toBeNull();
    },
    'page.editing': () => {
      expect(screen.getByText(m.amountHelper('Asha Verma'))).toBeInTheDocument();
      expect(screen.queryByRole('status')).toBeNull();
    },
    'page.unpayable': (snapshot) => {
      expect(screen.getByRole('status')).toHaveTextContent(snapshot.context.notice!.text);
    },
    // The next page takes over (the machine layer checks where it goes and what was kept).
    'page.leaving': null,
    'fees.loading': () => expect(summaryShown()).toBe(false),
    'fees.ready': () => expect(summaryShown()).toBe(true),
    'fees.unavailable': () => expect(summaryShown()).toBe(false),
  },
};

export const amountEntryPathModel: PathModel<typeof amountEntryMachine, World> = {
  name: 'amountEntry',
  machine: amountEntryMachine,
  inputs: [{ username: 'Asha-Verma', book: true, now: OPENED }],
  world: () => ({
    lookup: fakeActor(),
    fees: fakeActor(),
    navigations: [],
    saved: [],
    forLogin: [],
    forReview: [],
    tracked: [],
  }),
  provide: (world) =>
    amountEntryMachine.provide({
      actors: { lookupTutor: world.lookup.logic, loadFees: world.fees.logic },
      actions: {
        navigate: (_, params) => void world.navigations.push(params),
        saveAmount: (_, { amount }) => void world.saved.push(amount),
        storeForLogin: (_, p) => void world.forLogin.push(p),
        storeForReview: (_, p) => void world.forReview.push(p),
        track: (_, { event }) => void world.tracked.push(event),
      },
    }),
  events: amountEntryEvents,
  ui: amountEntryScreen,
  internal: {
    'xstate.done.actor.lookupTutor': doneCases<World, TutorLookup | null>(
      'lookupTutor',
      [
        null,
        tutors.anonymous,
        tutors.payable,
        tutors.notOnboarded,
        tutors.kycPending,
        tutors.kycDone,
      ],
      (w) => w.lookup,
    ),
    'xstate.error.actor.lookupTutor': errorCases<World>(
      'lookupTutor',
      [{ kind: 'network' }],
      (w) => w.lookup,
    ),
    'xstate.done.actor.loadFees': doneCases<World, FeeSettings>('loadFees', [fees], (w) => w.fees),
    'xstate.error.actor.loadFees': errorCases<World>(
      'loadFees',
      [{ kind: 'timeout' }],
      (w) => w.fees,
    ),
  },
  states: {
    // Every state: each amount.change saved what the field kept (spec §5).
    page: (snapshot, { world }) => {
      // The field's message: none while empty or payable; '0' is under the ₹1 minimum.
      assert.equal(
        amountError(snapshot),
        snapshot.context.amountText === '0' ? messages.validation.amountMin : null,
      );
      if (world.saved.length > 0) {
        assert.equal(world.saved.at(-1), snapshot.context.amountText === '0' ? 0 : 150_000);
      }
    },
    fees: () => {},
    'page.loading': (snapshot, run) => {
      noExit(run);
      assert.equal(payeeVerified(snapshot), false);
      assert.equal(snapshot.context.username, 'asha-verma', 'D30: lower-cased');
      assert.deepEqual(run.world.lookup.last().input, { username: 'asha-verma' });
      assert.ok(snapshot.hasTag('loading'));
      assert.equal(snapshot.can({ type: 'amount.submit' }), false);
    },
    'page.loadFailed': (snapshot, run) => {
      noExit(run);
      assert.equal(payeeVerified(snapshot), false);
      assert.equal(snapshot.context.error, messages.generic.network);
      assert.equal(snapshot.can({ type: 'amount.submit' }), false);
    },
    'page.editing': (snapshot, run) => {
      noExit(run);
      assert.ok(snapshot.context.tutor);
      // D65: verified only once the gateway approved the KYC (not a tutor with no gateway entry).
      assert.equal(payeeVerified(snapshot), snapshot.context.tutor !== tutors.notOnboarded);
      assert.ok(![tutors.kycPending, tutors.kycDone].includes(snapshot.context.tutor));
      assert.equal(snapshot.context.notice, null);
      assert.equal(
        snapshot.can({ type: 'amount.submit' }),
        isPayableAmount(snapshot.context.amountText),
      );
    },
    // D65: the pay-by-phone texts, and Proceed never allowed, whatever the amount or login.
    'page.unpayable': (snapshot, run) => {
      noExit(run);
      assert.equal(payeeVerified(snapshot), false);
      assert.deepEqual(run.world.forLogin, []);
      assert.deepEqual(run.world.forReview, []);
      const tutor = snapshot.context.tutor;
      const m = messages.payeeLookup;
      assert.ok(tutor === tutors.kycPending || tutor === tutors.kycDone);
      assert.deepEqual(
        snapshot.context.notice,
        tutor === tutors.kycDone
          ? { title: m.kycDoneTitle, text: m.kycDone }
          : { title: m.kycPendingTitle, text: m.kycLinkSent },
      );
      assert.ok(snapshot.hasTag('unpayable'));
      assert.equal(snapshot.can({ type: 'amount.submit' }), false);
    },
    'page.leaving': (snapshot, { world }) => {
      assert.equal(world.navigations.length, 1);
      const [{ to }] = world.navigations as [NavigateParams];
      const t = snapshot.context.tutor;
      if (t === null) {
        assert.equal(to, '/page-not-found');
        assert.deepEqual(world.tracked, []);
        return;
      }
      assert.deepEqual(world.tracked, [ANALYTICS_EVENTS.enteredAmount]);
      assert.equal(snapshot.context.amountText, '1500');
      if (t.id === null) {
        assert.equal(to, '/student/login');
        assert.deepEqual(world.forLogin, [
          { amount: 150_000, tutorName: 'Asha Verma', tutorPhone: '9123456780', verified: true },
        ]);
        assert.deepEqual(world.forReview, []);
      } else if (t !== tutors.notOnboarded) {
        assert.equal(to, '/pay/review');
        assert.deepEqual(world.forReview, [
          {
            amount: 150_000,
            tutorName: 'Asha Verma',
            tutorPhone: '9123456780',
            verified: true,
            payeeId: 7,
            // D20: opened at 10:00 IST, the session booked is 12:00-13:00 IST.
            session: { start: '2025-10-01T12:00:00+05:30', end: '2025-10-01T13:00:00+05:30' },
          },
        ]);
      } else {
        assert.equal(to, '/page-not-found');
        assert.deepEqual([...world.forLogin, ...world.forReview], []);
      }
    },
    'fees.loading': (snapshot) => assert.equal(feeSummary(snapshot), null),
    // The summary: a card payment of the amount once payable, and the settlement after the
    // page opened, skipping the server's holidays (D5, D9).
    'fees.ready': (snapshot) => {
      const { amountText } = snapshot.context;
      assert.deepEqual(feeSummary(snapshot), {
        breakup: isPayableAmount(amountText)
          ? computeBreakup({ amount: amountPaise(amountText)!, method: 'cc', baseRate: 1 })
          : null,
        settles: nextSettlement(new Date(OPENED), fees.holidays),
      });
    },
    'fees.unavailable': (snapshot) => assert.equal(feeSummary(snapshot), null),
  },
};
