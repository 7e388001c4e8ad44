// What the review's `readDraft` actor answers (machines/payment/draft.ts), as the payment
// tests feed it: the facts behind each of the review's guards. Plain data, so Playwright can
// load it too.
import type { DraftFacts, PaymentDraft } from '../../machines/payment/draft';

/** A session and the whole draft: the review shows `draft`. */
export function readyFacts(draft: PaymentDraft): DraftFacts {
  const { payeeId, ...rest } = draft;
  return { ...rest, session: true, paidOrderId: null, payee: { id: payeeId, onboarding: null } };
}

const nothing: DraftFacts = {
  session: true,
  amount: null,
  payeePhone: null,
  payeeName: null,
  paidOrderId: null,
  payerId: null,
  payee: null,
  linkId: null,
  book: false,
};

/** No student session: /student/login. */
export const loginFacts: DraftFacts = { ...nothing, session: false };
/** Nothing stored to review: /pay/payment-details. */
export const detailsFacts: DraftFacts = nothing;
/** Nothing left to review because this tab just paid: /student/dashboard (D125). */
export const paidFacts: DraftFacts = { ...nothing, paidOrderId: 'order_paid' };
