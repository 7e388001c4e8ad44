// Tutor sign-up step 2, account details (spec §2 /tutor/personal-details, §4 "Bank account
// verification", §5, §8; D16, D31): the account number, its re-entry and the IFSC, verified by
// `POST user/accounts/add/` (the gateway's penny drop on the server).
//
//   editing ──bank.verify (valid form)──▶ verifying ──▶ verified ──bank.continue──▶ done (verified)
//      ▲ │                                    │
//      │ └─bank.back──▶ done (back)           ├─ 401 ──▶ done (unauthorized): Session Expired
//      └──────── bank.retry ── failed ◀───────┘  any other failure: 'Verification Failed'
//
// - Spec §8: the failed panel shows the server's message for statuses other than 401 and 403;
//   a 403 shows the generic text, as does a failure with no message; offline and timeout show
//   their own texts. 'Try Again' returns to the form with the numbers kept.
// - Verify only with a valid form, and once: `verifying` ignores another click.
// - D16: the account number lives in this machine's context only; it is never stored.
// - The machine ends with its result; the wizard (tutorOnboarding) decides where that leads.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { IFSC_LENGTH } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import {
  accountNumberInput,
  accountNumberSchema,
  ifscInput,
  ifscSchema,
} from '../../src/domain/validation';
import { abstractPromise } from '../shared/abstract';
import { fieldIssue } from '../shared/fields';
import { httpStatus, isUnauthorized, serverText } from '../shared/failure';

export type BankField = 'accountNumber' | 'confirmAccountNumber' | 'ifsc';

/** `POST user/accounts/add/`'s body. */
export interface AddAccountInput {
  account_number: string;
  ifsc: string;
}

/** How step 2 ended: the account is verified, the tutor went back, or the session is gone. */
export type BankResult = 'verified' | 'back' | 'unauthorized';

export interface BankOutput {
  result: BankResult;
}

export interface BankVerificationContext {
  accountNumber: string;
  confirmAccountNumber: string;
  ifsc: string;
  /** Fields the tutor has left at least once: their errors show. */
  touched: Record<BankField, boolean>;
  /** The failed panel's reason (tag `error`). */
  error: string | null;
  result: BankResult | null;
}

export type BankVerificationEvent =
  | { type: 'bank.change'; field: BankField; value: string }
  | { type: 'bank.blur'; field: BankField }
  | { type: 'bank.verify' }
  /** 'Try Again' on the failed panel. */
  | { type: 'bank.retry' }
  /** 'Verify Aadhaar' on the verified panel. */
  | { type: 'bank.continue' }
  | { type: 'bank.back' };

function sanitize(field: BankField, raw: string): string {
  return field === 'ifsc' ? ifscInput(raw) : accountNumberInput(raw);
}

/** Every field's error, shown or not (spec §5's messages). */
export function bankFieldErrors(c: BankVerificationContext): Record<BankField, string | null> {
  return {
    accountNumber: fieldIssue(accountNumberSchema, c.accountNumber),
    confirmAccountNumber:
      c.confirmAccountNumber === c.accountNumber ? null : messages.validation.accountMismatch,
    ifsc: fieldIssue(ifscSchema, c.ifsc),
  };
}

/**
 * The errors to show: a field's once it was left; the re-entry's also as soon as it is as long
 * as the number, and the IFSC's once 11 characters are typed, so neither waits for a blur.
 */
export function bankVisibleErrors(c: BankVerificationContext): Record<BankField, string | null> {
  const errors = bankFieldErrors(c);
  const { touched } = c;
  const confirmTyped =
    c.confirmAccountNumber !== '' && c.confirmAccountNumber.length >= c.accountNumber.length;
  return {
    accountNumber: touched.accountNumber ? errors.accountNumber : null,
    confirmAccountNumber:
      touched.confirmAccountNumber || confirmTyped ? errors.confirmAccountNumber : null,
    ifsc: touched.ifsc || c.ifsc.length === IFSC_LENGTH ? errors.ifsc : null,
  };
}

export function isBankFormValid(c: BankVerificationContext): boolean {
  return Object.values(bankFieldErrors(c)).every((e) => e === null);
}

/** Spec §8: the server's words except for 401 and 403; no answer or no words: generic. */
function failureText(error: unknown): string {
  const fallback = messages.generic.somethingWrong;
  return httpStatus(error) === 403 ? fallback : serverText(error, fallback);
}

const UNTOUCHED = { accountNumber: false, confirmAccountNumber: false, ifsc: false };

export const bankVerificationMachine = setup({
  types: {
    context: {} as BankVerificationContext,
    events: {} as BankVerificationEvent,
    output: {} as BankOutput,
    children: {} as { addAccount: 'addAccount' },
  },
  actors: {
    /** Resolves once the account is verified and saved; rejects with a CallFailure. */
    addAccount: abstractPromise<void, AddAccountInput>('addAccount'),
  },
  actions: {
    change: assign(({ event }): Partial<BankVerificationContext> => {
      if (event.type !== 'bank.change') return {};
      return { [event.field]: sanitize(event.field, event.value) };
    }),
    touch: assign(({ context, event }) =>
      event.type === 'bank.blur' ? { touched: { ...context.touched, [event.field]: true } } : {},
    ),
    fail: assign(({ event }) => ({ error: failureText((event as { error?: unknown }).error) })),
    clearError: assign({ error: null }),
    endVerified: assign({ result: 'verified' as const }),
    endBack: assign({ result: 'back' as const }),
    endUnauthorized: assign({ result: 'unauthorized' as const }),
  },
  guards: {
    formValid: ({ context }) => isBankFormValid(context),
    unauthorized: ({ event }) => isUnauthorized((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'bankVerification',
  description: 'Account number, re-entry and IFSC, verified by the penny drop (spec §4, §5, §8).',
  context: {
    accountNumber: '',
    confirmAccountNumber: '',
    ifsc: '',
    touched: UNTOUCHED,
    error: null,
    result: null,
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'bank.change': { actions: 'change' },
        'bank.blur': { actions: 'touch' },
        'bank.verify': { guard: 'formValid', target: 'verifying' },
        'bank.back': { target: 'done', actions: 'endBack' },
      },
    },
    verifying: {
      tags: 'loading',
      invoke: {
        id: 'addAccount',
        src: 'addAccount',
        input: ({ context }) => ({ account_number: context.accountNumber, ifsc: context.ifsc }),
        onDone: { target: 'verified' },
        onError: [
          { guard: 'unauthorized', target: 'done', actions: 'endUnauthorized' },
          { target: 'failed', actions: 'fail' },
        ],
      },
    },
    verified: {
      on: { 'bank.continue': { target: 'done', actions: 'endVerified' } },
    },
    failed: {
      tags: 'error',
      on: {
        // Spec §8: back to the form with the numbers kept.
        'bank.retry': { target: 'editing', actions: 'clearError' },
        'bank.back': { target: 'done', actions: 'endBack' },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ result: context.result ?? 'back' }),
});

export type BankVerificationActorRef = ActorRefFrom<typeof bankVerificationMachine>;
export type BankVerificationSnapshot = SnapshotFrom<typeof bankVerificationMachine>;
