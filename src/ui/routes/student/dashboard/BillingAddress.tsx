// The student dashboard's address for tax invoices (issue 50, D267): optional; a GST-registered
// tutor's invoice carries it (Rule 46(f)), and its state is the place of supply (CGST and SGST
// in the tutor's state, IGST in another). Loads after the dashboard's first paint.
import { useActorRef, useSelector } from '@xstate/react';
import { useEndSessionWhen } from '../../../app/session';
import { TaxProfileForm } from '../../../components/TaxProfileForm';
import { taxProfileLive } from '../../../components/taxProfileLive';

export function BillingAddress() {
  const actor = useActorRef(taxProfileLive, { input: { who: 'student' } });
  useEndSessionWhen(useSelector(actor, (s) => s.matches('unauthorized')));
  return <TaxProfileForm actor={actor} />;
}
