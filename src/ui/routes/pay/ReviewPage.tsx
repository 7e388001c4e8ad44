// /pay/review (spec §2, §4 "Payment"; D6, D9, D20, D21): amount, payee name and phone, the
// booked session's date and time, the method (Card with its fee, or UPI free), the breakup
// and 'Proceed to pay'. D178: the first paint is the title and the loading line; the payment
// actor (PaymentFlowLayout) and the review (ReviewFlow) are fetched after that paint.
import '@mantine/core/styles/Title.css';
import { Title } from '@mantine/core';
import { lazy } from 'react';
import { messages } from '../../../domain/messages';
import { loadInLanguage } from '../../app/loadInLanguage';
import { LoadingLine } from '../../components/trust/LoadingLine';
import { PaymentScreen } from '../../components/trust/PaymentScreen';
import { OnPaymentActor } from './PaymentFlowLayout';

const m = messages.review;

const ReviewFlow = lazy(async () => ({
  default: (await loadInLanguage(() => import('./ReviewFlow'))).ReviewView,
}));

export function ReviewPage() {
  return (
    <PaymentScreen step="review">
      <Title order={1} mb="lg">
        {m.title}
      </Title>
      <OnPaymentActor loading={<LoadingLine text={m.loading} />}>
        {(actorRef) => <ReviewFlow actorRef={actorRef} />}
      </OnPaymentActor>
    </PaymentScreen>
  );
}
