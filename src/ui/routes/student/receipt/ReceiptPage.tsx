// /student/receipts/:orderId (issue 5): a paid order's printable receipt (machines/receipt):
// the tutor as payee, the payer, order id, payment time (IST), method, breakup and total, the
// bank reference (ReceiptFlow). D176: the first paint is the page's frame and a loading line; the
// receipt's machine, the session and the receipt's parts are fetched after that paint.
import '@mantine/core/styles/Container.css';
import { Container } from '@mantine/core';
import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import { STUDENT_LOGIN_PATH } from '../../../../../machines/shared/loginPaths';
import { dashboardTexts } from '../../../../domain/dashboardTexts';
import { AfterPaint } from '../../../app/AfterPaint';
import { loadInLanguage } from '../../../app/loadInLanguage';
import { Redirect } from '../../../app/RootLayout';
import { LoadingLine } from '../../../components/trust/LoadingLine';
import { isStudentSignedIn } from '../studentSignedIn';

const ReceiptFlow = lazy(() => loadInLanguage(() => import('./ReceiptFlow')));

export function ReceiptPage() {
  const { orderId = '' } = useParams();
  if (!isStudentSignedIn()) return <Redirect to={STUDENT_LOGIN_PATH} />;
  return (
    <Container size="sm" py="xl" px="md" component="main">
      <AfterPaint fallback={<LoadingLine text={dashboardTexts.common.loading} />}>
        <ReceiptFlow key={orderId} orderId={orderId} />
      </AfterPaint>
    </Container>
  );
}
