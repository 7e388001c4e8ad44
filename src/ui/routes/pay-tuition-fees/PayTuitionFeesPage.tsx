import { messages } from '../../../domain/messages';
import { PayeeLookupScreen } from '../pay/PayeeLookupScreen';

/** /pay-tuition-fees (spec §2): the root's default destination; the payment-details form. */
export function PayTuitionFeesPage() {
  return <PayeeLookupScreen title={messages.payeeLookup.payTuitionFeesTitle} />;
}
