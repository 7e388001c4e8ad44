// The amount screen of a tutor's static link, /static-link/{username} (spec §2, §4 "Amount
// screen Proceed", D5, D20, D30).
//
// - On start it looks up the tutor by the username of the URL (lower-cased, D30) and, best
//   effort, the fee settings (base rate and settlement holidays) for the mobile fee summary.
//   An unknown tutor goes to /page-not-found; a failed look-up offers a retry.
// - A tutor onboarded with the gateway who cannot accept payments yet (`tutorKyc`, D65) shows
//   what pay-by-phone tells (payeeOutcome: KYC link sent, or KYC done) and never allows Proceed,
//   so the student does not log in for nothing.
// - The amount is digits only and saved on each change (`saveAmount`).
// - Proceed (disabled unless the amount is ₹1-₹50,000, D11):
//   - not logged in (the look-up carried no id, D26) → store amount and tutor → /student/login
//     (the activeFlow tracker already recorded StaticLinkFlow, so login brings the student back);
//   - logged in and the tutor can accept payments → store amount and payee → /pay/review;
//   - logged in and the tutor has no gateway entry at all → /page-not-found.
//   Each Proceed fires 'Entered Amount To Pay' (D22).
//
// Two parallel regions: `page` (loading → editing → leaving, loading → unpayable, or
// loadFailed ↔ loading) and
// `fees` (loading → ready | unavailable), so the summary never holds up the amount.
import { and, assign, setup, type SnapshotFrom } from 'xstate';
import { ANALYTICS_EVENTS, PAYMENT_METHOD, type AnalyticsEvent } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import { computeBreakup, type Breakup } from '../../src/domain/fees';
import type { Paise } from '../../src/domain/money';
import { sessionTimes, type SessionTimes } from '../../src/domain/schedule';
import { nextSettlement } from '../../src/domain/settlement';
import {
  canAcceptPayments,
  gatewayStatus,
  isOnboarded,
  kycOutcome,
  type KycOutcome,
  type PgOnboardingEntry,
} from '../../src/domain/onboarding';
import { abstractPromise, notProvided } from '../shared/abstract';
import { unreachableText } from '../shared/failure';
import type { NavigateParams } from '../shared/navigation';
import { amountFieldError, amountPaise, isPayableAmount, sanitizeAmount } from './amount';

/** A tutor found by username (D17: public fields; `id` only for a logged-in caller, D26). */
export interface TutorLookup {
  id: number | null;
  /** 'Asha Verma' */
  name: string;
  username: string;
  phone: string;
  /** The tutor's gateway onboarding entries, as the server sends them (empty: none). */
  onboarding: readonly PgOnboardingEntry[];
}

/** The amount screen's info for a tutor who cannot accept payments yet (pay-by-phone's texts). */
export interface UnpayableNotice {
  title: string;
  text: string;
}

/** payments/pg/: the card fee rate (percent) and the settlement holidays (D5, D9). */
export interface FeeSettings {
  baseRate: number;
  holidays: readonly string[];
}

export interface AmountEntryInput {
  /** The last path segment of /static-link/{username}. */
  username: string;
  /** A stored amount coming back from login, as the field's text. */
  amountText?: string;
  /** D20: `?book=1`, a session is booked with the payment. */
  book?: boolean;
  /** When the page opened (epoch ms): the fee summary's settlement is the next one after it. */
  now: number;
}

export interface AmountEntryContext {
  username: string;
  amountText: string;
  book: boolean;
  tutor: TutorLookup | null;
  fees: FeeSettings | null;
  /** When the page opened (epoch ms). */
  now: number;
  error: string | null;
  /** Set in `page.unpayable`: why Proceed is not offered. */
  notice: UnpayableNotice | null;
}

export type AmountEntryEvent =
  { type: 'amount.change'; value: string } | { type: 'amount.submit' } | { type: 'tutor.retry' };

/** Kept for the login screen (its side panel shows payee, phone and amount). */
export interface PendingPayment {
  amount: Paise;
  tutorName: string;
  tutorPhone: string;
  /** D65: the gateway approved the tutor's KYC; the login's payee panel shows the mark. */
  verified: boolean;
}

/** What /pay/review reads. */
export interface ChosenPayee extends PendingPayment {
  payeeId: number;
  /** D20: the session booked with this payment, from when the page opened; null: none. */
  session: SessionTimes | null;
}

const NOT_FOUND = '/page-not-found';

const track = (event: AnalyticsEvent) => ({ type: 'track', params: { event } }) as const;

/** amount.change in every state that shows the field: keep the digits, save them (spec §5). */
const changeAmount = {
  actions: [
    'setAmount',
    {
      type: 'saveAmount',
      params: ({ context }: { context: AmountEntryContext }) => ({
        amount: amountPaise(context.amountText),
      }),
    },
  ],
} as const;

export const amountEntryMachine = setup({
  types: {
    context: {} as AmountEntryContext,
    input: {} as AmountEntryInput,
    events: {} as AmountEntryEvent,
  },
  actors: {
    lookupTutor: abstractPromise<TutorLookup | null, { username: string }>('lookupTutor'),
    loadFees: abstractPromise<FeeSettings>('loadFees'),
  },
  actions: {
    setAmount: assign({
      amountText: ({ context, event }) =>
        event.type === 'amount.change' ? sanitizeAmount(event.value) : context.amountText,
    }),
    navigate: (_: unknown, _params: NavigateParams) => notProvided('navigate'),
    /** Spec §5: the amount is saved on each change (null: cleared). */
    saveAmount: (_: unknown, _params: { amount: Paise | null }) => notProvided('saveAmount'),
    storeForLogin: (_: unknown, _params: PendingPayment) => notProvided('storeForLogin'),
    storeForReview: (_: unknown, _params: ChosenPayee) => notProvided('storeForReview'),
    /** D22: never blocks or breaks the flow; no PAN, phone or amount. */
    track: (_: unknown, _params: { event: AnalyticsEvent }) => notProvided('track'),
  },
  guards: {
    payable: ({ context }) => isPayableAmount(context.amountText),
    loggedOut: ({ context }) => context.tutor?.id == null,
    tutorCanBePaid: ({ context }) => kycApproved(context),
  },
}).createMachine({
  id: 'amountEntry',
  description: 'The static-link amount screen and its Proceed rule (spec §4).',
  context: ({ input }) => ({
    username: input.username.trim().toLowerCase(),
    amountText: sanitizeAmount(input.amountText ?? ''),
    book: input.book === true,
    tutor: null,
    fees: null,
    now: input.now,
    error: null,
    notice: null,
  }),
  type: 'parallel',
  states: {
    /** The tutor, the amount and Proceed. */
    page: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          // The field works while the tutor loads: a slow network must not eat keystrokes.
          on: { 'amount.change': changeAmount },
          invoke: {
            id: 'lookupTutor',
            src: 'lookupTutor',
            input: ({ context }) => ({ username: context.username }),
            onDone: [
              {
                guard: ({ event }) => event.output === null,
                target: 'leaving',
                actions: { type: 'navigate', params: { to: NOT_FOUND, replace: true } },
              },
              {
                guard: ({ event }) => event.output !== null && tutorKyc(event.output) !== null,
                description: 'D65: onboarded with the gateway, cannot accept payments yet',
                target: 'unpayable',
                actions: assign({
                  tutor: ({ event }) => event.output,
                  error: null,
                  notice: ({ event }) =>
                    unpayableNotice(tutorKyc(event.output!) ?? 'kyc-link-sent'),
                }),
              },
              {
                target: 'editing',
                actions: assign({ tutor: ({ event }) => event.output, error: null }),
              },
            ],
            onError: {
              target: 'loadFailed',
              actions: assign({
                error: ({ event }) => unreachableText(event.error, messages.generic.somethingWrong),
              }),
            },
          },
        },
        loadFailed: {
          tags: ['error'],
          on: { 'tutor.retry': { target: 'loading' }, 'amount.change': changeAmount },
        },
        editing: {
          on: {
            'amount.change': changeAmount,
            'amount.submit': [
              {
                guard: and(['payable', 'loggedOut']),
                description: 'Not logged in: log in first; login brings the student back here',
                target: 'leaving',
                actions: [
                  track(ANALYTICS_EVENTS.enteredAmount),
                  { type: 'storeForLogin', params: ({ context }) => pending(context) },
                  { type: 'navigate', params: { to: '/student/login' } },
                ],
              },
              {
                guard: and(['payable', 'tutorCanBePaid']),
                description: 'Logged in, tutor onboarded with the gateway',
                target: 'leaving',
                actions: [
                  track(ANALYTICS_EVENTS.enteredAmount),
                  { type: 'storeForReview', params: ({ context }) => chosen(context) },
                  { type: 'navigate', params: { to: '/pay/review' } },
                ],
              },
              {
                guard: 'payable',
                description: 'Logged in, tutor with no gateway entry',
                target: 'leaving',
                actions: [
                  track(ANALYTICS_EVENTS.enteredAmount),
                  { type: 'navigate', params: { to: NOT_FOUND } },
                ],
              },
            ],
          },
        },
        /** D65: the field still works (and saves), but Proceed is never offered. */
        unpayable: {
          tags: ['unpayable'],
          on: { 'amount.change': changeAmount },
        },
        leaving: { type: 'final' },
      },
    },
    /** Best effort, for the mobile fee summary only: without it the summary is not shown. */
    fees: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadFees',
            src: 'loadFees',
            onDone: { target: 'ready', actions: assign({ fees: ({ event }) => event.output }) },
            onError: { target: 'unavailable' },
          },
        },
        ready: {},
        unavailable: {},
      },
    },
  },
});

function unpayableNotice(kyc: KycOutcome): UnpayableNotice {
  const m = messages.payeeLookup;
  return kyc === 'kyc-done'
    ? { title: m.kycDoneTitle, text: m.kycDone }
    : { title: m.kycPendingTitle, text: m.kycLinkSent };
}

/** D65: the gateway approved the tutor's KYC (MIN_KYC_APPROVED or ACTIVE): they can be paid. */
function kycApproved(context: AmountEntryContext): boolean {
  return context.tutor !== null && canAcceptPayments(gatewayStatus(context.tutor.onboarding));
}

/**
 * D65: onboarded with the gateway but not payable yet: what payers are told (payeeOutcome's
 * texts). Null when the tutor can be paid or has no gateway entry at all.
 */
export function tutorKyc(tutor: TutorLookup): KycOutcome | null {
  const status = gatewayStatus(tutor.onboarding);
  if (canAcceptPayments(status) || !isOnboarded(tutor.onboarding)) return null;
  return kycOutcome(status);
}

function pending(context: AmountEntryContext): PendingPayment {
  return {
    amount: amountPaise(context.amountText) ?? 0,
    tutorName: context.tutor?.name ?? '',
    tutorPhone: context.tutor?.phone ?? '',
    verified: kycApproved(context),
  };
}

function chosen(context: AmountEntryContext): ChosenPayee {
  return {
    ...pending(context),
    payeeId: context.tutor?.id ?? 0,
    session: context.book ? sessionTimes(new Date(context.now)) : null,
  };
}

/**
 * D65: the tutor the page found has passed the gateway's KYC, so can be paid: the static link
 * shows them as verified. Not while loading or when the lookup failed, and not for a tutor the
 * gateway has not approved (KYC pending, or no gateway entry at all).
 */
export function payeeVerified(snapshot: SnapshotFrom<typeof amountEntryMachine>): boolean {
  return (
    kycApproved(snapshot.context) &&
    !snapshot.matches({ page: 'loadFailed' }) &&
    !snapshot.matches({ page: 'loading' })
  );
}

/** The mobile fee summary (spec §2, D5, D9): what a card payment of the amount costs. */
export interface FeeSummaryView {
  /** Null until the amount is payable. */
  breakup: Breakup | null;
  /** The next settlement after the page opened, given the server's holidays. */
  settles: Date;
}

/** Null until the fee settings are known (the summary is best effort). */
export function feeSummary(
  snapshot: SnapshotFrom<typeof amountEntryMachine>,
): FeeSummaryView | null {
  const { fees, amountText, now } = snapshot.context;
  if (!fees) return null;
  const amount = isPayableAmount(amountText) ? amountPaise(amountText) : null;
  return {
    breakup:
      amount === null
        ? null
        : computeBreakup({ amount, method: PAYMENT_METHOD.card, baseRate: fees.baseRate }),
    settles: nextSettlement(new Date(now), fees.holidays),
  };
}

/** The amount field's message (spec §5, D11: at least ₹1, whole rupees, at most ₹50,000). */
export function amountError(snapshot: SnapshotFrom<typeof amountEntryMachine>): string | null {
  return amountFieldError(snapshot.context.amountText);
}
