// /payment-link/{id} (spec §2, §8; D19): the wrapper of a tutor's payment link. The activeFlow
// tracker records DynamicLinkFlow. D176: the first paint is the title and the loading line
// alone; the flow (its machine, the API client, storage) is fetched after that paint, as the
// static link's controller is (D172), and takes the loading line's place.
import '@mantine/core/styles/Title.css';
import { Title } from '@mantine/core';
import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import { messages } from '../../../domain/messages';
import { AfterPaint } from '../../app/AfterPaint';
import { loadInLanguage } from '../../app/loadInLanguage';
import { PaymentScreen } from '../../components/trust/PaymentScreen';
import { LoadingLine } from '../../components/trust/LoadingLine';

const PaymentLinkFlow = lazy(() => loadInLanguage(() => import('./PaymentLinkFlow')));

export function PaymentLinkPage() {
  const { id = '' } = useParams();
  return (
    <PaymentScreen>
      <Title order={1} mb="lg">
        {messages.paymentLink.title}
      </Title>
      <AfterPaint fallback={<LoadingLine text={messages.paymentLink.loading} />}>
        <PaymentLinkFlow key={id} linkId={id} />
      </AfterPaint>
    </PaymentScreen>
  );
}
