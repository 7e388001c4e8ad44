// /pay/tutor-details (spec §2, §4, §5; D16, D28): the tutor entered by phone is unknown, or
// lacks names or a PAN. The student gives the tutor's first and last name (as on the PAN) and
// PAN; registerUser creates the tutor and texts them an invitation to KYC, mentioning the
// amount waiting. Then the KYC-link dialog (or, for a tutor who turns out to be further along,
// the KYC-done dialog or the review).
//
// - It starts by reading what payeeLookup kept (tutor phone and amount, `readPending`); without
//   them, or with an amount that cannot be paid, there is nothing to register and the student goes back to /pay/payment-details.
// - Submit (or Enter) only when the names and the PAN are valid, and not while registering.
// - Failures (D2): the server's message when it gives one (invalid PAN, name not matching the
//   PAN, the student's own phone...), else 'Something went wrong. Please try again.'; a lost
//   session goes to /student/login.
// - D16: the PAN stays in this form (context) and is never stored.
import { and, assign, setup } from 'xstate';
import { messages } from '../../src/domain/messages';
import type { Paise } from '../../src/domain/money';
import {
  firstNameSchema,
  lastNameSchema,
  panInput,
  panSchema,
  PAN_PATTERN,
} from '../../src/domain/validation';
import { PAN_LENGTH } from '../../src/domain/constants';
import type { ChosenPayee } from '../amountEntry/amountEntry.machine';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnauthorized, refusalText } from '../shared/failure';
import type { NavigateParams } from '../shared/navigation';
import {
  chosenPayee,
  pendingPayee,
  searchOutcome,
  type PayeeFacts,
  type PendingPayee,
  type StoredPending,
} from './payeeLookup.machine';

export interface RegisterTutorInput {
  firstName: string;
  lastName: string;
  pan: string;
  phone: string;
  amount: Paise;
}

export interface TutorDetailsContext {
  pending: PendingPayee | null;
  firstName: string;
  lastName: string;
  pan: string;
  tutor: PayeeFacts | null;
  error: string | null;
}

export type TutorDetailsEvent =
  | { type: 'firstName.change'; value: string }
  | { type: 'lastName.change'; value: string }
  | { type: 'pan.change'; value: string }
  | { type: 'details.submit' }
  | { type: 'dialog.close' };

const PAYMENT_DETAILS = '/pay/payment-details';

export interface TutorFieldErrors {
  firstName: string | null;
  lastName: string | null;
  pan: string | null;
}

const errorOf = (schema: typeof firstNameSchema | typeof panSchema, value: string) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
};

/** The messages under the fields: none for an empty field, the PAN's once 10 are typed. */
export function tutorFieldErrors(context: TutorDetailsContext): TutorFieldErrors {
  return {
    firstName: context.firstName === '' ? null : errorOf(firstNameSchema, context.firstName),
    lastName: context.lastName === '' ? null : errorOf(lastNameSchema, context.lastName),
    pan: context.pan.length < PAN_LENGTH ? null : errorOf(panSchema, context.pan),
  };
}

/** D2: the server's readable refusal, offline or too slow, else the registration wording. */
function registrationError(error: unknown): string {
  return refusalText(error, messages.generic.registrationFailed);
}

const registered =
  (outcome: ReturnType<typeof searchOutcome>) =>
  ({ event }: { event: { output: PayeeFacts } }) =>
    searchOutcome({ kind: 'found', payee: event.output }) === outcome;

export const tutorDetailsMachine = setup({
  types: {
    context: {} as TutorDetailsContext,
    events: {} as TutorDetailsEvent,
  },
  actors: {
    /** What storage holds of the tutor phone and amount payeeLookup kept. */
    readPending: abstractPromise<StoredPending>('readPending'),
    registerTutor: abstractPromise<PayeeFacts, RegisterTutorInput>('registerTutor'),
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type === 'firstName.change') return { firstName: event.value, error: null };
      if (event.type === 'lastName.change') return { lastName: event.value, error: null };
      if (event.type === 'pan.change') return { pan: panInput(event.value), error: null };
      return context;
    }),
    navigate: (_: unknown, _params: NavigateParams) => notProvided('navigate'),
    storePayee: (_: unknown, _params: ChosenPayee) => notProvided('storePayee'),
  },
  guards: {
    namesValid: ({ context }) =>
      firstNameSchema.safeParse(context.firstName).success &&
      lastNameSchema.safeParse(context.lastName).success,
    panValid: ({ context }) => PAN_PATTERN.test(context.pan),
  },
}).createMachine({
  id: 'tutorDetails',
  description: 'Registers an unknown tutor with the names and PAN the student gives (D28).',
  context: {
    pending: null,
    firstName: '',
    lastName: '',
    pan: '',
    tutor: null,
    error: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'readPending',
        src: 'readPending',
        onDone: [
          {
            guard: ({ event }) => pendingPayee(event.output) === null,
            description: 'Nothing to register: back to the payment details',
            target: 'leaving',
            actions: { type: 'navigate', params: { to: PAYMENT_DETAILS, replace: true } },
          },
          {
            target: 'editing',
            actions: assign({ pending: ({ event }) => pendingPayee(event.output) }),
          },
        ],
        onError: {
          target: 'leaving',
          actions: { type: 'navigate', params: { to: PAYMENT_DETAILS, replace: true } },
        },
      },
    },
    editing: {
      on: {
        'firstName.change': { actions: 'setField' },
        'lastName.change': { actions: 'setField' },
        'pan.change': { actions: 'setField' },
        'details.submit': {
          guard: and(['namesValid', 'panValid']),
          target: 'registering',
          actions: assign({ error: null }),
        },
      },
    },
    registering: {
      tags: ['loading'],
      invoke: {
        id: 'registerTutor',
        src: 'registerTutor',
        input: ({ context }) => ({
          firstName: context.firstName.trim(),
          lastName: context.lastName.trim(),
          pan: context.pan,
          phone: context.pending?.tutorPhone ?? '',
          amount: context.pending?.amount ?? 0,
        }),
        onDone: [
          {
            guard: registered('review'),
            description: 'Already able to accept payments: pay them now',
            target: 'leaving',
            actions: [
              assign({ tutor: ({ event }) => event.output }),
              {
                type: 'storePayee',
                params: ({ context, event }) =>
                  chosenPayee(context.pending?.amount ?? 0, event.output),
              },
              { type: 'navigate', params: { to: '/pay/review' } },
            ],
          },
          {
            guard: registered('kyc-done'),
            target: 'kycDone',
            actions: assign({ tutor: ({ event }) => event.output }),
          },
          {
            guard: registered('payee-is-student'),
            target: 'editing',
            actions: assign({ error: () => messages.roles.payeeIsStudent }),
          },
          {
            description: 'Registered and invited: the KYC link is on its way',
            target: 'kycLinkSent',
            actions: assign({ tutor: ({ event }) => event.output }),
          },
        ],
        onError: [
          {
            guard: ({ event }) => isUnauthorized(event.error),
            target: 'leaving',
            actions: { type: 'navigate', params: { to: '/student/login' } },
          },
          {
            target: 'editing',
            actions: assign({ error: ({ event }) => registrationError(event.error) }),
          },
        ],
      },
    },
    kycLinkSent: {
      on: {
        'dialog.close': {
          target: 'leaving',
          actions: { type: 'navigate', params: { to: PAYMENT_DETAILS } },
        },
      },
    },
    kycDone: {
      on: {
        'dialog.close': {
          target: 'leaving',
          actions: { type: 'navigate', params: { to: PAYMENT_DETAILS } },
        },
      },
    },
    leaving: { type: 'final' },
  },
});
