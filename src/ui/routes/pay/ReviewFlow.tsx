// /pay/review's review itself, loaded after the page's first paint (ReviewPage, D178): the
// payee, amount and booked session, the method (Card with its fee, or UPI free), the breakup
// and 'Proceed to pay'; then the checkout opening. The guards (no login, missing details) are
// the payment machine's.
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import { Alert, Button, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import {
  cardRate,
  bookedSession,
  selectBreakup,
  type PaymentDraft,
} from '../../../../machines/payment/payment.machine';
import { PAYMENT_METHOD, type PaymentMethod } from '../../../domain/constants';
import { messages } from '../../../domain/messages';
import { formatINR } from '../../../domain/money';
import type { SessionTimes } from '../../../domain/schedule';
import { AmountBreakup } from '../../components/AmountBreakup';
import { DetailList } from '../../components/DetailList';
import { CheckoutStatus } from './CheckoutStatus';
import type { PaymentActorRef } from './PaymentFlowLayout';
import { sessionText } from './sessionText';
import { ProcessorLine } from '../../components/trust/ProcessorLine';
import { PayeeCard } from '../../components/trust/PayeeCard';
import { LoadingLine } from '../../components/trust/LoadingLine';
import classes from './ReviewFlow.module.css';

const m = messages.review;

/**
 * Whom (the payee card: initials and name) and the list under it. The review does not know the
 * tutor's KYC state (a link's payee may be any gateway onboarding), so it shows no verified mark.
 */
function Payee({ draft, session }: { draft: PaymentDraft; session: SessionTimes | null }) {
  return (
    <>
      <PayeeCard name={draft.payeeName} verified={false} />
      <DetailList
        labelWidth="40%"
        rows={[
          { label: m.phone, value: draft.payeePhone },
          { label: m.amount, value: formatINR(draft.amount) },
          ...(session ? [{ label: m.session, value: sessionText(session) }] : []),
        ]}
      />
    </>
  );
}

const sameSession = (a: SessionTimes | null, b: SessionTimes | null) => a?.start === b?.start;

function Review({ actorRef }: { actorRef: PaymentActorRef }) {
  const draft = useSelector(actorRef, (s) => s.context.draft);
  const method = useSelector(actorRef, (s) => s.context.method);
  const rate = useSelector(actorRef, (s) => cardRate(s.context));
  const breakup = useSelector(actorRef, (s) => selectBreakup(s.context));
  const session = useSelector(actorRef, (s) => bookedSession(s.context), sameSession);
  const error = useSelector(actorRef, (s) => s.context.error);
  const creating = useSelector(actorRef, (s) => s.matches('creatingOrder'));
  const canPay = useSelector(actorRef, (s) => s.can({ type: 'payment.submit' }));
  const methodName = useId();
  if (!draft || !breakup) return null;
  const methods: [PaymentMethod, string][] = [
    [PAYMENT_METHOD.card, m.card(rate)],
    [PAYMENT_METHOD.upi, m.upi],
  ];
  return (
    <div className={classes.stack}>
      <Payee draft={draft} session={session} />
      <fieldset className={classes.methods} disabled={creating}>
        <legend className={classes.methodsLabel}>{m.methodLabel}</legend>
        <div className={classes.options}>
          {methods.map(([value, label]) => (
            <label key={value} className={classes.option}>
              <input
                type="radio"
                className={classes.radio}
                name={methodName}
                value={value}
                checked={method === value}
                onChange={() => actorRef.send({ type: 'method.change', method: value })}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className={classes.part}>
        <p className={classes.partTitle}>{m.breakupTitle}</p>
        <AmountBreakup breakup={breakup} />
      </div>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Button
        size="md"
        fullWidth
        loading={creating}
        disabled={!canPay}
        onClick={() => actorRef.send({ type: 'payment.submit' })}
      >
        {m.proceedToPay}
      </Button>
      <ProcessorLine />
    </div>
  );
}

/** The review on a running payment actor, under its title (the path tests render it on theirs). */
export function ReviewView({ actorRef }: { actorRef: PaymentActorRef }) {
  const view = useSelector(actorRef, (s) => {
    if (s.hasTag('checkout')) return 'checkout';
    if (s.matches('loadFailed')) return 'failed';
    if (s.matches('ready') || s.matches('creatingOrder')) return 'review';
    return 'loading';
  });
  return (
    <>
      {view === 'loading' ? <LoadingLine text={m.loading} /> : null}
      {view === 'failed' ? (
        <Stack gap="md">
          <Alert color="red" role="alert">
            {m.loadFailed}
          </Alert>
          <Button size="md" onClick={() => actorRef.send({ type: 'review.retry' })}>
            {m.retry}
          </Button>
        </Stack>
      ) : null}
      {view === 'review' ? <Review actorRef={actorRef} /> : null}
      {view === 'checkout' ? <CheckoutStatus actorRef={actorRef} /> : null}
    </>
  );
}
