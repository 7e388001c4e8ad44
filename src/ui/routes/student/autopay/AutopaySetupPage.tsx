// /student/autopay/setup/:planId/:studentId (issue 49): turning on Autopay for one plan and
// student. Behind the guard, the first paint is the page's frame and a loading line; the
// autopaySetup machine and its screen come after that paint (D176).
import '@mantine/core/styles/Container.css';
import { Container } from '@mantine/core';
import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import { dashboardTexts } from '../../../../domain/dashboardTexts';
import { AfterPaint } from '../../../app/AfterPaint';
import { loadInLanguage } from '../../../app/loadInLanguage';
import { LoadingLine } from '../../../components/trust/LoadingLine';
import { StudentGuard } from '../StudentGuard';

const AutopaySetupFlow = lazy(() => loadInLanguage(() => import('./AutopaySetupFlow')));

export function AutopaySetupPage() {
  const { planId = '', studentId = '' } = useParams();
  return (
    <StudentGuard>
      <Container size="sm" py="xl" px="md" component="main">
        <AfterPaint fallback={<LoadingLine text={dashboardTexts.common.loading} />}>
          <AutopaySetupFlow
            key={`${planId}:${studentId}`}
            planId={Number(planId) || 0}
            studentId={Number(studentId) || 0}
          />
        </AfterPaint>
      </Container>
    </StudentGuard>
  );
}
