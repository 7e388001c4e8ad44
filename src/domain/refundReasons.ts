// D112, D251: why the platform refunded a payment on its own, in the words of the moment: an
// Autopay debit's reason is Autopay's (its catalog is not on any first paint), the rest are the
// common messages'.
import { autopayTexts } from './autopayTexts';
import { messages } from './messages';
import type { RefundCause } from './statuses';

export const automaticRefundReason = (cause: RefundCause): string =>
  cause === 'due_settled' ? autopayTexts.refundReason : messages.automaticRefund[cause];
