// /student/dashboard (issue 5): what students come back for. Payments (newest first, paged)
// with receipts, PDFs and refund requests; 'Pay again' and the recent tutors; the sessions
// booked; Logout. Behind the student guard; a 401 anywhere ends the session (D13). D176: the
// first paint is the greeting, 'Pay a tutor' and a loading line; the session and the lists
// (StudentDashboardFlow) are fetched after that paint.
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import { Button, Container, Group, Text, Title } from '@mantine/core';
import { lazy, useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { dashboardTexts } from '../../../../domain/dashboardTexts';
import { AfterPaint } from '../../../app/AfterPaint';
import { loadInLanguage } from '../../../app/loadInLanguage';
import { LoadingLine } from '../../../components/trust/LoadingLine';
import { StudentGuard } from '../StudentGuard';

const t = dashboardTexts.student;

const StudentDashboardFlow = lazy(() => loadInLanguage(() => import('./StudentDashboardFlow')));

function Dashboard() {
  // Logout needs the session, which comes with the flow: it is put in this slot then, and a
  // hidden copy holds its place until, so the greeting never reflows.
  const [logoutSlot, setLogoutSlot] = useState<HTMLDivElement | null>(null);
  const [logoutShown, setLogoutShown] = useState(false);
  const onLogoutShown = useCallback(() => setLogoutShown(true), []);
  return (
    <Container size="sm" py="xl" px="md" component="main">
      <Group justify="space-between" align="center" mb="lg" wrap="nowrap">
        <div>
          <Title order={1}>{t.greeting}</Title>
          <Text c="dimmed">{t.intro}</Text>
        </div>
        {/* Never squeezed by the greeting on a narrow phone. */}
        <div ref={setLogoutSlot} style={{ flexShrink: 0 }}>
          {logoutShown ? null : (
            <Button variant="default" tabIndex={-1} aria-hidden style={{ visibility: 'hidden' }}>
              {t.logout}
            </Button>
          )}
        </div>
      </Group>
      <Button component={Link} to="/pay-tuition-fees" mb="xl">
        {t.payTutor}
      </Button>
      <AfterPaint fallback={<LoadingLine text={dashboardTexts.common.loading} />}>
        <StudentDashboardFlow logoutSlot={logoutSlot} onLogoutShown={onLogoutShown} />
      </AfterPaint>
    </Container>
  );
}

export function StudentDashboardPage() {
  return (
    <StudentGuard>
      <Dashboard />
    </StudentGuard>
  );
}
