// Pay by phone: the payment-details form of /pay/payment-details and /pay-tuition-fees
// (spec §2, §4 "Gateway onboarding status", §5).
//
// - Amount (digits only, saved on each change) and the tutor's phone; Proceed (or Enter) is
//   possible only with a payable amount (₹1-₹50,000, D11) and a valid phone, and not while
//   the search runs.
// - Proceed searches the tutor by phone (a login is needed, D26) and follows payeeOutcome:
//   - not logged in → keep amount and phone → /student/login (login brings the student back
//     to the payment details of the payTuitionFeesFlow);
//   - a student's phone → 'This user is registered as a student.';
//   - unknown, or a tutor without names or PAN → /pay/tutor-details;
//   - NONE … MIN_KYC_REJECTED → the KYC-link dialog; MIN_KYC_SUBMITTED → the KYC-done dialog;
//   - MIN_KYC_APPROVED / ACTIVE → store payee id and name → /pay/review.
//   Each Proceed fires 'Entered Amount To Pay' (D22).
import { and, assign, setup, type SnapshotFrom } from 'xstate';
import { ANALYTICS_EVENTS, type AnalyticsEvent } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import type { Paise } from '../../src/domain/money';
import { payeeOutcome, type PayeeOutcome, type UserFacts } from '../../src/domain/onboarding';
import { amountError, isValidPhone, phoneError, phoneInput } from '../../src/domain/validation';
import {
  amountFieldError,
  amountPaise,
  isPayableAmount,
  sanitizeAmount,
} from '../amountEntry/amount';
import type { ChosenPayee } from '../amountEntry/amountEntry.machine';
import { abstractPromise, notProvided } from '../shared/abstract';
import { refusalText } from '../shared/failure';
import type { NavigateParams } from '../shared/navigation';

/** A user found by phone (D17: no PAN, `has_pan` instead; `id` for a logged-in caller). */
export interface PayeeFacts extends UserFacts {
  id: number | null;
  phone: string;
}

export type PayeeSearch =
  | { kind: 'found'; payee: PayeeFacts }
  | { kind: 'none' }
  /** No session, or it expired (401): the search needs a login. */
  | { kind: 'unauthorized' };

export interface PayeeLookupInput {
  /** Stored values, e.g. when coming back from login. */
  amountText?: string;
  phone?: string;
}

export interface PayeeLookupContext {
  amountText: string;
  phone: string;
  payee: PayeeFacts | null;
  error: string | null;
}

export type PayeeLookupEvent =
  | { type: 'amount.change'; value: string }
  | { type: 'phone.change'; value: string }
  | { type: 'details.submit' }
  | { type: 'dialog.close' };

/** What the next screen (login or tutor details) reads back. */
export interface PendingPayee {
  amount: Paise;
  tutorPhone: string;
}

/** What storage holds of it when the next screen opens: either may be missing. */
export interface StoredPending {
  amount: Paise | null;
  tutorPhone: string | null;
}

/** The kept tutor phone and amount, or null when either is missing or the amount not payable. */
export function pendingPayee(stored: StoredPending): PendingPayee | null {
  const { amount, tutorPhone } = stored;
  if (amount === null || !tutorPhone || amountError(amount) !== null) return null;
  return { amount, tutorPhone };
}

/** 'Asha Verma' from the names a look-up gives. */
export function payeeName(payee: Pick<UserFacts, 'first_name' | 'last_name'>): string {
  return [payee.first_name, payee.last_name]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/** The payee a search found, or null. */
export function foundPayee(search: PayeeSearch): PayeeFacts | null {
  return search.kind === 'found' ? search.payee : null;
}

/** What to do with a search's answer; 'login' when it needs (or lost) a session. */
export function searchOutcome(search: PayeeSearch): PayeeOutcome | 'login' {
  if (search.kind === 'unauthorized') return 'login';
  const outcome = payeeOutcome(foundPayee(search));
  // A payable tutor without an id was looked up without a valid session (D26).
  if (outcome === 'review' && foundPayee(search)?.id == null) return 'login';
  return outcome;
}

/** The store for /pay/review from a payable tutor. */
export function chosenPayee(amount: Paise, payee: PayeeFacts): ChosenPayee {
  return {
    amount,
    payeeId: payee.id ?? 0,
    tutorName: payeeName(payee),
    tutorPhone: payee.phone,
    // Payable: the gateway approved the tutor's KYC (D65).
    verified: true,
    session: null,
  };
}

const outcomeIs =
  (outcome: PayeeOutcome | 'login') =>
  ({ event }: { event: { output: PayeeSearch } }) =>
    searchOutcome(event.output) === outcome;

export const payeeLookupMachine = setup({
  types: {
    context: {} as PayeeLookupContext,
    input: {} as PayeeLookupInput,
    events: {} as PayeeLookupEvent,
  },
  actors: {
    searchPayee: abstractPromise<PayeeSearch, { phone: string }>('searchPayee'),
  },
  actions: {
    setAmount: assign({
      amountText: ({ context, event }) =>
        event.type === 'amount.change' ? sanitizeAmount(event.value) : context.amountText,
      error: null,
    }),
    setPhone: assign({
      phone: ({ context, event }) =>
        event.type === 'phone.change' ? phoneInput(event.value) : context.phone,
      error: null,
    }),
    navigate: (_: unknown, _params: NavigateParams) => notProvided('navigate'),
    /** Spec §5: the amount is saved on each change (null: cleared). */
    saveAmount: (_: unknown, _params: { amount: Paise | null }) => notProvided('saveAmount'),
    /** Before login or tutor details: the amount and the tutor's phone. */
    storePending: (_: unknown, _params: PendingPayee) => notProvided('storePending'),
    /** Before /pay/review: amount, payee id, name and phone. */
    storePayee: (_: unknown, _params: ChosenPayee) => notProvided('storePayee'),
    track: (_: unknown, _params: { event: AnalyticsEvent }) => notProvided('track'),
  },
  guards: {
    payable: ({ context }) => isPayableAmount(context.amountText),
    validPhone: ({ context }) => isValidPhone(context.phone),
  },
}).createMachine({
  id: 'payeeLookup',
  description: 'Amount and tutor phone, then the tutor by phone (spec §4).',
  context: ({ input }) => ({
    amountText: sanitizeAmount(input.amountText ?? ''),
    phone: phoneInput(input.phone ?? ''),
    payee: null,
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'amount.change': {
          actions: [
            'setAmount',
            {
              type: 'saveAmount',
              params: ({ context }) => ({ amount: amountPaise(context.amountText) }),
            },
          ],
        },
        'phone.change': { actions: 'setPhone' },
        'details.submit': {
          guard: and(['payable', 'validPhone']),
          target: 'searching',
          actions: [
            assign({ error: null, payee: null }),
            { type: 'track', params: { event: ANALYTICS_EVENTS.enteredAmount } },
          ],
        },
      },
    },
    searching: {
      tags: ['loading'],
      invoke: {
        id: 'searchPayee',
        src: 'searchPayee',
        input: ({ context }) => ({ phone: context.phone }),
        onDone: [
          {
            guard: outcomeIs('login'),
            description: 'The search needs a login: log in, then come back',
            target: 'leaving',
            actions: [
              { type: 'storePending', params: ({ context }) => pendingOf(context) },
              { type: 'navigate', params: { to: '/student/login' } },
            ],
          },
          {
            guard: outcomeIs('payee-is-student'),
            target: 'editing',
            actions: assign({ error: () => messages.roles.payeeIsStudent }),
          },
          {
            guard: outcomeIs('kyc-link-sent'),
            target: 'kycLinkSent',
            actions: assign({ payee: ({ event }) => foundPayee(event.output) }),
          },
          {
            guard: outcomeIs('kyc-done'),
            target: 'kycDone',
            actions: assign({ payee: ({ event }) => foundPayee(event.output) }),
          },
          {
            guard: outcomeIs('review'),
            target: 'leaving',
            actions: [
              assign({ payee: ({ event }) => foundPayee(event.output) }),
              {
                type: 'storePayee',
                params: ({ context }) =>
                  chosenPayee(amountPaise(context.amountText) ?? 0, context.payee as PayeeFacts),
              },
              { type: 'navigate', params: { to: '/pay/review' } },
            ],
          },
          {
            description: 'Unknown phone, or a tutor without names or PAN',
            target: 'leaving',
            actions: [
              { type: 'storePending', params: ({ context }) => pendingOf(context) },
              { type: 'navigate', params: { to: '/pay/tutor-details' } },
            ],
          },
        ],
        onError: {
          target: 'editing',
          actions: assign({
            error: ({ event }) => refusalText(event.error, messages.generic.somethingWrong),
          }),
        },
      },
    },
    /** NONE … MIN_KYC_REJECTED: 'The KYC link has been sent to the tutor…' */
    kycLinkSent: {
      on: { 'dialog.close': { target: 'editing', actions: assign({ payee: null }) } },
    },
    /** MIN_KYC_SUBMITTED: 'Payments can be accepted in 2-3 business days.' */
    kycDone: {
      on: { 'dialog.close': { target: 'editing', actions: assign({ payee: null }) } },
    },
    leaving: { type: 'final' },
  },
});

function pendingOf(context: PayeeLookupContext): PendingPayee {
  return { amount: amountPaise(context.amountText) ?? 0, tutorPhone: context.phone };
}

/** The fields' messages as typed (spec §5): the amount's limits, a phone that is not mobile. */
export function detailsErrors(snapshot: SnapshotFrom<typeof payeeLookupMachine>): {
  amount: string | null;
  phone: string | null;
} {
  return {
    amount: amountFieldError(snapshot.context.amountText),
    phone: phoneError(snapshot.context.phone),
  };
}
