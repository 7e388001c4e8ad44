// /student/autopay/:mandateId (issue 49): where the gateway's mandate page returns; the status
// follows the mandate (pending bank approval, active, failed, expired) without a reload. Behind
// the guard, the first paint is the frame and a loading line; the mandateStatus machine comes
// after that paint (D176).
import '@mantine/core/styles/Container.css';
import { Container } from '@mantine/core';
import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import { dashboardTexts } from '../../../../domain/dashboardTexts';
import { AfterPaint } from '../../../app/AfterPaint';
import { loadInLanguage } from '../../../app/loadInLanguage';
import { LoadingLine } from '../../../components/trust/LoadingLine';
import { StudentGuard } from '../StudentGuard';

const MandateStatusFlow = lazy(() => loadInLanguage(() => import('./MandateStatusFlow')));

export function MandateStatusPage() {
  const { mandateId = '' } = useParams();
  return (
    <StudentGuard>
      <Container size="sm" py="xl" px="md" component="main">
        <AfterPaint fallback={<LoadingLine text={dashboardTexts.common.loading} />}>
          <MandateStatusFlow key={mandateId} mandateId={mandateId} />
        </AfterPaint>
      </Container>
    </StudentGuard>
  );
}
