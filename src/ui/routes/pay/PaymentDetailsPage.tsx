import { messages } from '../../../domain/messages';
import { PayeeLookupScreen } from './PayeeLookupScreen';

/** /pay/payment-details (spec §2): the amount and tutor phone form. */
export function PaymentDetailsPage() {
  return <PayeeLookupScreen title={messages.payeeLookup.title} />;
}
