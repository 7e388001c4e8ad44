// The student dashboard's lists, loaded after /student/dashboard's first paint
// (StudentDashboardPage, D176): the student's session (Logout, the way out on a 401), what
// they owe (issue 14), payments with receipts, PDFs and refunds, the recent tutors, the
// sessions booked; Autopay for their plans (issue 49). Logout goes into the header's slot, where the first paint held its place.
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Paper.css';
import '../../../components/segmentedControlStyles';
import '@mantine/core/styles/Loader.css';
import { Button, Group, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import { pagedListMachine } from '../../../../../machines/pagedList/pagedList.machine';
import {
  payAgainPath,
  recentTutors,
  type PaymentMade,
  type Session,
} from '../../../../../machines/studentDashboard/studentPayments';
import { paymentsMadeActor, sessionsActor } from '../../../../api/actors/student';
import { dashboardTexts } from '../../../../domain/dashboardTexts';
import { formatINR } from '../../../../domain/money';
import { loadInLanguage } from '../../../app/loadInLanguage';
import { LogoutButton } from '../../../app/session';
import { DevicesList } from '../../../components/DevicesList';
import { Modal } from '../../../components/Dialog';
import { ListState, Pager } from '../../../components/PagedListParts';
import { istSpan } from './format';
import { PaymentCard } from './PaymentCard';
import { StudentSession, useEndSessionOn401 } from './studentSession';

const t = dashboardTexts.student;

// Issue 14: most students owe nothing through the app; the section loads after first paint.
const MyDues = lazy(async () => ({
  default: (await loadInLanguage(() => import('./MyDues'))).MyDues,
}));
// Issue 49: Autopay, for those who pay a monthly or instalment plan; after first paint too.
const AutopayPlans = lazy(async () => ({
  default: (await loadInLanguage(() => import('./AutopayPlans'))).AutopayPlans,
}));
// Issue 50: the address for tax invoices, optional, after the lists.
const BillingAddress = lazy(async () => ({
  default: (await loadInLanguage(() => import('./BillingAddress'))).BillingAddress,
}));
// Issue 54: the student's own data and the consent gate, with their words, after the lists.
const MyData = lazy(async () => ({
  default: (await loadInLanguage(() => import('../../privacy/MyData'))).MyData,
}));
const ConsentGate = lazy(async () => ({
  default: (await loadInLanguage(() => import('../../privacy/ConsentGate'))).ConsentGate,
}));
// Issue 11: the refund form (a text area and its input styles) loads with its dialog.
const RefundForm = lazy(async () => ({
  default: (await loadInLanguage(() => import('./RefundDialog'))).RefundForm,
}));

const paymentsMachine = pagedListMachine<PaymentMade, null>().provide({
  actors: { fetchPage: paymentsMadeActor },
});
const sessionsMachine = pagedListMachine<Session, boolean>().provide({
  actors: { fetchPage: sessionsActor },
});

function Payments() {
  const list = useActorRef(paymentsMachine, { input: { filter: null } });
  useEndSessionOn401(list);
  const data = useSelector(list, (s) => s.context.data);
  const [refunding, setRefunding] = useState<PaymentMade | null>(null);
  const tutors = data && data.page === 1 ? recentTutors(data.items) : [];
  const refundable =
    refunding?.refundableUntil != null
      ? { ...refunding, refundableUntil: refunding.refundableUntil }
      : null;

  return (
    <>
      {tutors.length > 0 ? (
        <Stack component="section" aria-label={t.recentTutors.title} gap="xs">
          <Title order={2} size="h4">
            {t.recentTutors.title}
          </Title>
          <Group gap="xs">
            {tutors.map((tutor) => (
              <Button
                key={tutor.id}
                component={Link}
                to={payAgainPath(tutor.username ?? '')}
                variant="light"
                aria-label={t.payments.payAgainAria(tutor.name)}
              >
                {tutor.name}
              </Button>
            ))}
          </Group>
        </Stack>
      ) : null}
      <Stack component="section" aria-label={t.payments.title} gap="sm">
        <Title order={2} size="h4">
          {t.payments.title}
        </Title>
        <ListState list={list} title={t.payments.loadFailed} empty={t.payments.empty}>
          {data?.items.map((payment) => (
            <PaymentCard key={payment.orderId} payment={payment} onRefund={setRefunding} />
          ))}
        </ListState>
        <Pager list={list} label={t.payments.title} />
      </Stack>
      <Modal
        opened={refundable !== null}
        onClose={() => setRefunding(null)}
        centered
        title={t.refund.title}
      >
        {refundable ? (
          <Suspense fallback={<Loader />}>
            <RefundForm
              payment={refundable}
              onClose={(sent) => {
                setRefunding(null);
                // The payment now shows its refund's status.
                if (sent) list.send({ type: 'list.reload' });
              }}
            />
          </Suspense>
        ) : null}
      </Modal>
    </>
  );
}

function Sessions() {
  const list = useActorRef(sessionsMachine, { input: { filter: true } });
  useEndSessionOn401(list);
  const data = useSelector(list, (s) => s.context.data);
  const upcoming = useSelector(list, (s) => s.context.filter);
  return (
    <Stack component="section" aria-label={t.sessions.title} gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t.sessions.title}
        </Title>
        <SegmentedControl
          style={{ flexShrink: 0 }}
          size="xs"
          value={upcoming ? 'upcoming' : 'all'}
          onChange={(value) => list.send({ type: 'filter.change', filter: value === 'upcoming' })}
          data={[
            { value: 'upcoming', label: t.sessions.upcoming },
            { value: 'all', label: t.sessions.all },
          ]}
        />
      </Group>
      <ListState list={list} title={t.sessions.loadFailed} empty={t.sessions.empty}>
        {data?.items.map((session) => (
          <Paper
            key={session.id}
            withBorder
            p="sm"
            radius="md"
            component="article"
            aria-label={session.title}
          >
            <Text fw={600}>
              {session.title} {t.sessions.with(session.tutorName)}
            </Text>
            <Text size="sm">{istSpan(session.start, session.end)}</Text>
            <Text size="sm" c="dimmed">
              {formatINR(session.amount)}
            </Text>
          </Paper>
        ))}
      </ListState>
      <Pager list={list} label={t.sessions.title} />
    </Stack>
  );
}

/** Logout in the header's slot; `onShown` lets the page drop the copy that held its place. */
function LogoutInSlot({ slot, onShown }: { slot: HTMLElement; onShown: () => void }) {
  // Before the paint: the slot never shows both buttons.
  useLayoutEffect(onShown, [onShown]);
  return createPortal(<LogoutButton>{t.logout}</LogoutButton>, slot);
}

export default function StudentDashboardFlow({
  logoutSlot,
  onLogoutShown,
}: {
  logoutSlot: HTMLElement | null;
  onLogoutShown: () => void;
}) {
  return (
    <StudentSession>
      {logoutSlot ? <LogoutInSlot slot={logoutSlot} onShown={onLogoutShown} /> : null}
      <Stack gap="xl">
        <Suspense fallback={null}>
          <MyDues />
        </Suspense>
        <Suspense fallback={null}>
          <AutopayPlans />
        </Suspense>
        <Payments />
        <Sessions />
        <DevicesList />
        <Suspense fallback={null}>
          <BillingAddress />
          <MyData />
        </Suspense>
      </Stack>
      <Suspense fallback={null}>
        <ConsentGate />
      </Suspense>
    </StudentSession>
  );
}
