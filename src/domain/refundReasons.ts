// D112, D251: why the platform refunded a payment on its own, in the words of the moment: an
// Autopay debit's reason is Autopay's (its catalog is not on any first paint), the rest are the
// common messages'.
import { autopayTexts } from './autopayTexts';
import { messages } from './messages';

export type AutomaticRefundCause = 'over_cap' | 'link_already_paid' | 'link_closed' | 'due_settled';

export const automaticRefundReason = (cause: AutomaticRefundCause): string =>
  cause === 'due_settled' ? autopayTexts.refundReason : messages.automaticRefund[cause];
