// /student/signup (spec §2, §5): the student's names as on the PAN, and the PAN, then on into the
// flow they came in by. D178: the first paint is the layout and the spinner it showed anyway
// while the machine read who the student is; the machine and the form (StudentSignupFlow) and
// the desktop payee panel (PayeeSummary) are fetched after that paint.
import '@mantine/core/styles/Loader.css';
import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { messages } from '../../../domain/messages';
import { AfterPaint } from '../../app/AfterPaint';
import { loadInLanguage } from '../../app/loadInLanguage';
import { AuthLayout } from '../../components/AuthLayout';

const m = messages.studentSignup;

const StudentSignupFlow = lazy(async () => ({
  default: (await loadInLanguage(() => import('./StudentSignupFlow'))).StudentSignupFlow,
}));
const PayeeSummary = lazy(async () => ({
  default: (await import('./PayeeSummary')).PayeeSummary,
}));

export function StudentSignupPage() {
  return (
    <AuthLayout
      title={m.title}
      extra={
        <Suspense fallback={null}>
          <PayeeSummary />
        </Suspense>
      }
    >
      <AfterPaint fallback={<Loader size="sm" aria-label={m.title} />}>
        <StudentSignupFlow />
      </AfterPaint>
    </AuthLayout>
  );
}
