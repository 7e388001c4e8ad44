// /student/receipts/:orderId (issue 5): a paid order's printable receipt (machines/receipt):
// the tutor as payee, the payer, order id, payment time (IST), method, breakup and total, the
// bank reference (ReceiptFlow). D176: behind the guard, the first paint is the page's frame
// and a loading line; the receipt's machine, the session and the receipt's parts are fetched
// after that paint.
import '@mantine/core/styles/Container.css';
import { Container } from '@mantine/core';
import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import { dashboardTexts } from '../../../../domain/dashboardTexts';
import { AfterPaint } from '../../../app/AfterPaint';
import { loadInLanguage } from '../../../app/loadInLanguage';
import { LoadingLine } from '../../../components/trust/LoadingLine';
import { StudentGuard } from '../StudentGuard';

const ReceiptFlow = lazy(() => loadInLanguage(() => import('./ReceiptFlow')));

export function ReceiptPage() {
  const { orderId = '' } = useParams();
  return (
    <StudentGuard>
      <Container size="sm" py="xl" px="md" component="main">
        <AfterPaint fallback={<LoadingLine text={dashboardTexts.common.loading} />}>
          <ReceiptFlow key={orderId} orderId={orderId} />
        </AfterPaint>
      </Container>
    </StudentGuard>
  );
}
