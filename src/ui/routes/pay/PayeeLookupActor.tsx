// The payment-details form's machine, fetched after the form's first paint (PayeeLookupScreen,
// D179): the payeeLookup machine with its services, started here and handed to the screen with
// how a snapshot reads as the form; the KYC dialogs it opens.
import { useActorRef, useSelector } from '@xstate/react';
import { useLayoutEffect } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import {
  detailsErrors,
  payeeLookupMachine,
  type PayeeLookupInput,
} from '../../../../machines/payeeLookup/payeeLookup.machine';
import { trackAction } from '../../../browser/analytics';
import { useNavigateAction } from '../../app/navigation';
import { serviceActor, usePaymentServices } from '../../components/PaymentServicesContext';
import { PaymentScreen } from '../../components/trust/PaymentScreen';
import { KycDialog } from './KycDialog';
import { LookupFormView } from './PayeeLookupScreen';
import { saveAmount, storePayee, storePending } from './paymentStore';

type LookupActorRef = ActorRefFrom<typeof payeeLookupMachine>;
type LookupSnapshot = SnapshotFrom<typeof payeeLookupMachine>;

/** What the form shows. */
export interface LookupForm {
  amountText: string;
  phone: string;
  error: string | null;
  canSubmit: boolean;
  busy: boolean;
  errors: { amount: string | null; phone: string | null };
}

export interface RunningLookup {
  actorRef: LookupActorRef;
  formOf: (snapshot: LookupSnapshot) => LookupForm;
}

function formOf(snapshot: LookupSnapshot): LookupForm {
  return {
    amountText: snapshot.context.amountText,
    phone: snapshot.context.phone,
    error: snapshot.context.error,
    canSubmit: snapshot.can({ type: 'details.submit' }),
    busy: snapshot.hasTag('loading'),
    errors: detailsErrors(snapshot),
  };
}

function Dialog({ actorRef }: { actorRef: LookupActorRef }) {
  const dialog = useSelector(actorRef, (s) =>
    s.matches('kycLinkSent') ? 'kycLinkSent' : s.matches('kycDone') ? 'kycDone' : null,
  );
  return <KycDialog kind={dialog} onClose={() => actorRef.send({ type: 'dialog.close' })} />;
}

/** Starts the form's actor on `input` and hands it to `onStart`; renders the dialogs. */
export default function PayeeLookupActor({
  input,
  onStart,
}: {
  input: PayeeLookupInput;
  onStart: (running: RunningLookup | null) => void;
}) {
  const services = usePaymentServices();
  const navigate = useNavigateAction();
  const actorRef = useActorRef(
    payeeLookupMachine.provide({
      actors: {
        searchPayee: serviceActor((request: { phone: string }, signal) =>
          services.searchPayee(request, signal),
        ),
      },
      actions: { navigate, saveAmount, storePending, storePayee, track: trackAction },
    }),
    { input },
  );
  // Before the paint, so the form never shows the draft over a running machine.
  useLayoutEffect(() => {
    onStart({ actorRef, formOf });
    return () => onStart(null);
  }, [actorRef, onStart]);
  return <Dialog actorRef={actorRef} />;
}

/** The form on a running payeeLookup actor (the path tests render it on theirs). */
export function PayeeLookupView({ actorRef, title }: { actorRef: LookupActorRef; title: string }) {
  const form = useSelector(actorRef, formOf, sameForm);
  return (
    <PaymentScreen step="amount">
      <LookupFormView title={title} form={form} send={(event) => actorRef.send(event)} />
      <Dialog actorRef={actorRef} />
    </PaymentScreen>
  );
}

function sameForm(a: LookupForm, b: LookupForm): boolean {
  return (
    a.amountText === b.amountText &&
    a.phone === b.phone &&
    a.error === b.error &&
    a.canSubmit === b.canSubmit &&
    a.busy === b.busy &&
    a.errors.amount === b.errors.amount &&
    a.errors.phone === b.errors.phone
  );
}
