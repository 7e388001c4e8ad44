// The payment-details form (spec §2 /pay/payment-details, /pay-tuition-fees; §4; §5): amount
// and the tutor's phone, Proceed, and the KYC dialogs, over the payeeLookup machine.
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { Alert, Button, Stack, TextInput, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { amountTextFromPaise } from '../../../../machines/amountEntry/amount';
import {
  detailsErrors,
  payeeLookupMachine,
} from '../../../../machines/payeeLookup/payeeLookup.machine';
import { trackAction } from '../../../browser/analytics';
import { messages } from '../../../domain/messages';
import { useNavigateAction } from '../../app/navigation';
import { serviceActor, usePaymentServices } from '../../components/PaymentServicesContext';
import { KycDialog } from './KycDialog';
import { payAgainPhone } from './payAgain';
import { PaymentScreen } from '../../components/trust/PaymentScreen';
import {
  saveAmount,
  storedAmount,
  storedTutorPhone,
  storePayee,
  storePending,
} from './paymentStore';

const m = messages.payeeLookup;

export function PayeeLookupScreen({ title }: { title: string }) {
  const services = usePaymentServices();
  const navigate = useNavigateAction();
  const [search] = useSearchParams();
  // 'Pay again' names the tutor; back from login (or a reload): what was typed before.
  const [input] = useState(() => ({
    amountText: amountTextFromPaise(storedAmount()),
    phone: payAgainPhone(search) ?? storedTutorPhone() ?? '',
  }));
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
  return <PayeeLookupView actorRef={actorRef} title={title} />;
}

/** The form on a running payeeLookup actor (the path tests render it on theirs). */
export function PayeeLookupView({
  actorRef,
  title,
}: {
  actorRef: ActorRefFrom<typeof payeeLookupMachine>;
  title: string;
}) {
  const amountText = useSelector(actorRef, (s) => s.context.amountText);
  const phone = useSelector(actorRef, (s) => s.context.phone);
  const error = useSelector(actorRef, (s) => s.context.error);
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'details.submit' }));
  const busy = useSelector(actorRef, (s) => s.hasTag('loading'));
  const errors = useSelector(
    actorRef,
    detailsErrors,
    (a, b) => a.amount === b.amount && a.phone === b.phone,
  );
  const dialog = useSelector(actorRef, (s) =>
    s.matches('kycLinkSent') ? 'kycLinkSent' : s.matches('kycDone') ? 'kycDone' : null,
  );

  return (
    <PaymentScreen step="amount">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actorRef.send({ type: 'details.submit' });
        }}
      >
        <Stack gap="lg">
          <Title order={1}>{title}</Title>
          <TextInput
            label={m.amountLabel}
            leftSection="₹"
            inputMode="numeric"
            autoComplete="off"
            size="md"
            value={amountText}
            readOnly={busy}
            onChange={(event) =>
              actorRef.send({ type: 'amount.change', value: event.currentTarget.value })
            }
            error={errors.amount}
          />
          <TextInput
            label={m.phoneLabel}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            enterKeyHint="go"
            size="md"
            value={phone}
            readOnly={busy}
            onChange={(event) =>
              actorRef.send({ type: 'phone.change', value: event.currentTarget.value })
            }
            error={errors.phone}
          />
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Button type="submit" size="md" fullWidth disabled={!canSubmit} loading={busy}>
            {m.proceed}
          </Button>
        </Stack>
      </form>
      <KycDialog kind={dialog} onClose={() => actorRef.send({ type: 'dialog.close' })} />
    </PaymentScreen>
  );
}
