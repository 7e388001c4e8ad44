// What /pay/review decides from what the earlier screens stored (spec §2 "Review" guards,
// D11, D125): log in, go back for the details, go to the dashboard (this tab just paid), or
// review. The actor only reads storage and asks the API who the parties are; the rules live here.
import type { Paise } from '../../src/domain/money';
import {
  canAcceptPayments,
  gatewayStatus,
  type PgOnboardingEntry,
} from '../../src/domain/onboarding';
import { amountError } from '../../src/domain/validation';

/** What the review shows and the order is made of. */
export interface PaymentDraft {
  /** The base amount (what the tutor gets), paise. */
  amount: Paise;
  payeeId: number;
  payeeName: string;
  payeePhone: string;
  payerId: number;
  /** D19: the payment link being paid, if any. */
  linkId: string | null;
  /** D20: a session is booked with this payment. */
  book: boolean;
}

/** What the `readDraft` actor found: storage as it is, and the parties as the API answered. */
export interface DraftFacts {
  /** A student session is open: a token with the student flag that user/me/ did not refuse. */
  session: boolean;
  amount: Paise | null;
  payeePhone: string | null;
  payeeName: string | null;
  /** The order this tab has just paid, if any (D125). */
  paidOrderId: string | null;
  /** The student's own id; null when it is not known. */
  payerId: number | null;
  /**
   * The tutor being paid: by the id an earlier screen stored once it had checked the tutor can
   * be paid (`onboarding` null), or found by phone with the gateway statuses to check.
   */
  payee: { id: number; onboarding: readonly PgOnboardingEntry[] | null } | null;
  linkId: string | null;
  /** D20: the static link asked for a session (its time is stored). */
  book: boolean;
}

export type DraftResult =
  | { kind: 'ready'; draft: PaymentDraft }
  /** No session (spec §2: /student/login). */
  | { kind: 'login' }
  /** Amount, tutor phone or tutor name missing, or no payable tutor (spec §2: /pay/payment-details). */
  | { kind: 'details' }
  /**
   * Nothing to review because this tab's payment went through (Back from the status page,
   * through the gateway's page): the student's dashboard, not an empty form (D125).
   */
  | { kind: 'paid' };

function payable(payee: DraftFacts['payee']): payee is NonNullable<DraftFacts['payee']> {
  if (payee === null) return false;
  return payee.onboarding === null || canAcceptPayments(gatewayStatus(payee.onboarding));
}

/** The spec §2 guards of /pay/review, in order. */
export function draftVerdict(facts: DraftFacts): DraftResult {
  if (!facts.session) return { kind: 'login' };
  const { amount, payeePhone, payeeName } = facts;
  if (amount === null || amountError(amount) !== null || !payeePhone || !payeeName) {
    return facts.paidOrderId ? { kind: 'paid' } : { kind: 'details' };
  }
  if (facts.payerId === null) return { kind: 'login' };
  if (!payable(facts.payee)) return { kind: 'details' };
  return {
    kind: 'ready',
    draft: {
      amount,
      payeeId: facts.payee.id,
      payeeName,
      payeePhone,
      payerId: facts.payerId,
      linkId: facts.linkId,
      book: facts.book,
    },
  };
}
