// /tutor/dashboard: the tutor's name and Logout, a KYC card (payments open with the tutor's
// links, under review, or complete KYC), the areas as tabs (tutorTabs.ts: share, payments,
// refunds, links, sessions, API keys) and the once-only congratulations dialog after the
// Aadhaar KYC. Behind the guard, which hands over the tutor it loaded.
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Tabs.css';
import { Button, Container, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  tutorDashboardMachine,
  type TutorDashboardActorRef,
} from '../../../../../machines/tutorDashboard/tutorDashboard.machine';
import { kycDoneTexts, type TutorSummary } from '../../../../../machines/tutorGuard/onboardingStep';
import { logoutActor } from '../../../../api/actors/tutorSession';
import { PRODUCT_NAME, messages } from '../../../../domain/messages';
import { LogoutButton, SessionProvider } from '../../../app/session';
import { useTutorProfile } from '../guard/tutorOutlet';
import { clearDialogFlag, readShowDialog } from '../tutorEffects';
import { tutorTabs } from './tutorTabs';
import { Modal } from '../../../components/Dialog';
import { ConsentGateAfterPaint } from '../../privacy/ConsentGateAfterPaint';

const m = messages.tutorDashboard;

export function KycCard({ actor }: { actor: TutorDashboardActorRef }) {
  const kyc = useSelector(actor, (s) => s.context.kyc);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={m.kycTitle}>
      {kyc === 'accepting' ? (
        // The links themselves are in the Share tab, once (issue 13: they were here too).
        <Text>{messages.aadhaar.startAccepting(PRODUCT_NAME)}</Text>
      ) : kyc === 'underReview' ? (
        <Text>{messages.aadhaar.underReview}</Text>
      ) : (
        <Stack>
          <Text>{messages.completeKyc.title}</Text>
          <Button component={Link} to="/tutor/complete-kyc">
            {m.completeKyc}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

export function KycDoneDialog({ actor }: { actor: TutorDashboardActorRef }) {
  const opened = useSelector(actor, (s) => s.context.dialogOpen);
  const texts = useSelector(
    actor,
    (s) => kycDoneTexts(s.context.kyc === 'underReview'),
    (a, b) => a.body === b.body,
  );
  const close = () => actor.send({ type: 'dialog.close' });
  return (
    <Modal opened={opened} onClose={close} centered title={texts.title}>
      <Text>{texts.body}</Text>
      <Button mt="lg" fullWidth onClick={close} data-autofocus>
        {m.ok}
      </Button>
    </Modal>
  );
}

/** The areas below the KYC card; the open tab is in the URL (?tab=), so a reload keeps it. */
function DashboardTabs({ profile }: { profile: TutorSummary }) {
  const [params, setParams] = useSearchParams();
  const first = tutorTabs[0];
  if (!first) return null;
  const asked = params.get('tab');
  const open = tutorTabs.some((tab) => tab.value === asked) ? asked : first.value;
  return (
    <Tabs
      mt="xl"
      value={open}
      keepMounted={false}
      onChange={(value) => value && setParams({ tab: value }, { replace: true })}
    >
      <Tabs.List>
        {tutorTabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tutorTabs.map(({ value, Panel }) => (
        <Tabs.Panel key={value} value={value} pt="md">
          <Suspense fallback={<Loader size="sm" />}>
            <Panel profile={profile} />
          </Suspense>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function Dashboard({ profile }: { profile: TutorSummary }) {
  const [showDialog] = useState(readShowDialog);
  const actor = useActorRef(tutorDashboardMachine.provide({ actions: { clearDialogFlag } }), {
    input: { profile, showDialog },
  });
  const name = useSelector(actor, (s) => s.context.name);
  return (
    <Container size="md" py="xl" component="main">
      <Group justify="space-between" align="center" mb="lg">
        <Title order={1}>{name ? m.greeting(name) : m.title}</Title>
        <LogoutButton>{m.logout}</LogoutButton>
      </Group>
      <KycCard actor={actor} />
      <DashboardTabs profile={profile} />
      <KycDoneDialog actor={actor} />
      <ConsentGateAfterPaint />
    </Container>
  );
}

export function TutorDashboardPage() {
  const profile = useTutorProfile();
  // The guard renders the dashboard only for a logged-in tutor, whose profile it loaded.
  if (!profile) return <Loader aria-label={m.title} />;
  return (
    <SessionProvider role="teacher" logout={logoutActor}>
      <Dashboard profile={profile} />
    </SessionProvider>
  );
}
