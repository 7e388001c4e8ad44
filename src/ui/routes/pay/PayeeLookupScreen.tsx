// The payment-details form (spec §2 /pay/payment-details, /pay-tuition-fees; §4; §5): amount
// and the tutor's phone, Proceed, and the KYC dialogs, over the payeeLookup machine. D179: the
// form paints first with what was kept (or 'Pay again' names) and takes typing meanwhile; the
// machine, the API client and the dialogs (PayeeLookupActor) are fetched after that paint, and
// what was typed is handed to the machine as it starts. Proceed waits for it.
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { Alert, Button, Stack, TextInput, Title } from '@mantine/core';
import { lazy, useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import { amountTextFromPaise } from '../../../../machines/amountEntry/amount';
import type {
  PayeeLookupEvent,
  PayeeLookupInput,
} from '../../../../machines/payeeLookup/payeeLookup.machine';
import { messages } from '../../../domain/messages';
import { AfterPaint } from '../../app/AfterPaint';
import { loadInLanguage } from '../../app/loadInLanguage';
import { PaymentScreen } from '../../components/trust/PaymentScreen';
import type { LookupForm, RunningLookup } from './PayeeLookupActor';
import { payAgainPhone } from './payAgain';
import { storedAmount, storedTutorPhone } from './paymentStore';

const m = messages.payeeLookup;

const PayeeLookupActor = lazy(() => loadInLanguage(() => import('./PayeeLookupActor')));

/** The form before its machine runs: what was typed, no errors yet, Proceed waiting. */
const draftForm = (draft: Required<PayeeLookupInput>): LookupForm => ({
  ...draft,
  error: null,
  canSubmit: false,
  busy: false,
  errors: { amount: null, phone: null },
});

const noSubscription = () => () => {};

export function PayeeLookupScreen({ title }: { title: string }) {
  const [search] = useSearchParams();
  // 'Pay again' names the tutor; back from login (or a reload): what was typed before.
  const [input] = useState(() => ({
    amountText: amountTextFromPaise(storedAmount()),
    phone: payAgainPhone(search) ?? storedTutorPhone() ?? '',
  }));
  const [draft, setDraft] = useState(input);
  // Read when the machine starts: a keystroke just before must not be lost.
  const draftRef = useRef(draft);
  const [running, setRunning] = useState<RunningLookup | null>(null);

  const onStart = useCallback(
    (started: RunningLookup | null) => {
      // What was typed before the machine ran goes through its events (sanitised, saved).
      const typed = draftRef.current;
      if (started && typed.amountText !== input.amountText)
        started.actorRef.send({ type: 'amount.change', value: typed.amountText });
      if (started && typed.phone !== input.phone)
        started.actorRef.send({ type: 'phone.change', value: typed.phone });
      setRunning(started);
    },
    [input],
  );

  const actorRef = running?.actorRef;
  const snapshot = useSyncExternalStore(
    useCallback(
      (changed: () => void) => {
        if (!actorRef) return noSubscription();
        const subscription = actorRef.subscribe({ next: changed, error: changed });
        return () => subscription.unsubscribe();
      },
      [actorRef],
    ),
    () => actorRef?.getSnapshot() ?? null,
  );
  const form = running && snapshot ? running.formOf(snapshot) : draftForm(draft);

  const send = (event: PayeeLookupEvent) => {
    if (actorRef) {
      actorRef.send(event);
      return;
    }
    if (event.type !== 'amount.change' && event.type !== 'phone.change') return;
    const next =
      event.type === 'amount.change'
        ? { ...draftRef.current, amountText: event.value }
        : { ...draftRef.current, phone: event.value };
    draftRef.current = next;
    setDraft(next);
  };

  return (
    <PaymentScreen step="amount">
      <LookupFormView title={title} form={form} send={send} />
      <AfterPaint>
        <PayeeLookupActor input={input} onStart={onStart} />
      </AfterPaint>
    </PaymentScreen>
  );
}

/** The form itself, on what it shows and where its gestures go (the path tests use it too). */
export function LookupFormView({
  title,
  form,
  send,
}: {
  title: string;
  form: LookupForm;
  send: (event: PayeeLookupEvent) => void;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'details.submit' });
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
          value={form.amountText}
          readOnly={form.busy}
          onChange={(event) => send({ type: 'amount.change', value: event.currentTarget.value })}
          error={form.errors.amount}
        />
        <TextInput
          label={m.phoneLabel}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          enterKeyHint="go"
          size="md"
          value={form.phone}
          readOnly={form.busy}
          onChange={(event) => send({ type: 'phone.change', value: event.currentTarget.value })}
          error={form.errors.phone}
        />
        {form.error ? (
          <Alert color="red" role="alert">
            {form.error}
          </Alert>
        ) : null}
        <Button type="submit" size="md" fullWidth disabled={!form.canSubmit} loading={form.busy}>
          {m.proceed}
        </Button>
      </Stack>
    </form>
  );
}
