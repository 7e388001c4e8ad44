// /pay/status and /payment-successful (spec §2, §4 "Order status"; D1, D7): 'Sent',
// 'Processing' (checked again by itself, then 'Check again') or 'Failed to pay' (with a way
// back to try again). D176: the first paint is the title and the checking line; the status
// flow (its machine, the API client) is fetched after that paint and takes the line's place.
import '@mantine/core/styles/Title.css';
import { Title } from '@mantine/core';
import { lazy, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { messages } from '../../../domain/messages';
import { AfterPaint } from '../../app/AfterPaint';
import { loadInLanguage } from '../../app/loadInLanguage';
import { PaymentScreen } from '../../components/trust/PaymentScreen';
import { currentOrderId } from './orderId';
import { LoadingLine } from '../../components/trust/LoadingLine';

const OrderStatusFlow = lazy(() => loadInLanguage(() => import('./OrderStatusFlow')));

export function PayStatusPage() {
  const [search] = useSearchParams();
  const [orderId] = useState(() => currentOrderId(search));
  if (!orderId) return <Navigate to="/page-not-found" replace />;
  return (
    <PaymentScreen>
      <Title order={1} mb="lg">
        {messages.status.title}
      </Title>
      <AfterPaint fallback={<LoadingLine text={messages.status.checking} />}>
        <OrderStatusFlow key={orderId} orderId={orderId} />
      </AfterPaint>
    </PaymentScreen>
  );
}
