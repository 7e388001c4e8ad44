// The order's status, loaded after /pay/status's first paint (PayStatusPage, D176): the
// orderStatus machine checks the order, again by itself while it is processing, and clears the
// stored payment keys once it is sent.
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/DataList.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import { Alert, Button, DataList, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import {
  orderStatusMachine,
  type OrderStatusActorRef,
  type OrderView,
} from '../../../../machines/orderStatus/orderStatus.machine';
import { messages } from '../../../domain/messages';
import { formatINR } from '../../../domain/money';
import { formatIstClock, formatIstDate } from '../../../domain/istDate';
import { useNavigateAction } from '../../app/navigation';
import { serviceActor, usePaymentServices } from '../../components/PaymentServicesContext';
import { clearPayment } from './paymentStore';
import { sessionText } from './sessionText';
import { ResultMark } from '../../components/trust/ResultMark';
import trust from '../../components/trust/trust.module.css';
import { failureReason } from '../../../domain/statuses';
import { payAgainPath } from './payAgain';
import { LoadingLine } from '../../components/trust/LoadingLine';

const m = messages.status;

function Details({ order, sent }: { order: OrderView; sent: boolean }) {
  const paidAt = sent && order.paymentTime ? new Date(order.paymentTime) : null;
  const rows: [string, string][] = [
    [m.amount, formatINR(order.total)],
    [m.paidTo, `${order.payeeName} (${order.payeePhone})`],
  ];
  if (order.maskedAccount) rows.push([m.account, order.maskedAccount]);
  if (paidAt && !Number.isNaN(paidAt.getTime())) {
    rows.push([
      m.paidOn,
      messages.generic.inIst(
        `${formatIstDate(paidAt, { withYear: true })}, ${formatIstClock(paidAt)}`,
      ),
    ]);
  }
  if (order.session) rows.push([m.session, sessionText(order.session)]);
  rows.push([m.orderId, order.id]);
  return (
    <DataList labelWidth="40%">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue ta="right">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}

export default function OrderStatusFlow({ orderId }: { orderId: string }) {
  const services = usePaymentServices();
  const navigate = useNavigateAction();
  const actorRef = useActorRef(
    orderStatusMachine.provide({
      actors: {
        fetchOrder: serviceActor((input: { orderId: string }, signal) =>
          services.fetchOrder(input, signal),
        ),
      },
      actions: { navigate, clearPayment },
    }),
    { input: { orderId } },
  );
  return <OrderStatusScreen actorRef={actorRef} />;
}

/** The status on a running orderStatus actor (the path tests render it on theirs). */
export function OrderStatusScreen({ actorRef }: { actorRef: OrderStatusActorRef }) {
  const order = useSelector(actorRef, (s) => s.context.order);
  const error = useSelector(actorRef, (s) => s.context.error);
  const view = useSelector(actorRef, (s) => {
    if (s.matches('sent')) return 'sent';
    if (s.matches('failed')) return 'failed';
    if (s.matches('unreachable')) return 'unreachable';
    if (s.matches('stillProcessing')) return 'stillProcessing';
    if (s.matches('leaving')) return 'leaving';
    return s.context.order ? 'processing' : 'checking';
  });
  const checkAgain = () => actorRef.send({ type: 'status.check' });

  if (view === 'leaving') return null;
  if (view === 'checking') {
    return (
      <Stack gap="md">
        <LoadingLine text={m.checking} />
        {error ? <Text c="dimmed">{error}</Text> : null}
      </Stack>
    );
  }
  if (view === 'unreachable') {
    return (
      <Stack gap="md">
        <Alert color="red" role="alert">
          {error}
        </Alert>
        <Button size="md" onClick={checkAgain}>
          {m.checkAgain}
        </Button>
      </Stack>
    );
  }
  const label = view === 'sent' ? m.sent : view === 'failed' ? m.failed : m.processing;
  const color = view === 'sent' ? 'green' : view === 'failed' ? 'red' : 'yellow';
  const final = view === 'sent' || view === 'failed' ? view : null;
  return (
    <Stack gap="lg" aria-live="polite">
      <Stack gap="xs" align="center" ta="center">
        {final ? <ResultMark kind={final} /> : null}
        <Title order={2} c={`${color}.9`} fw={700}>
          {label}
        </Title>
        {order ? <span className={trust.resultAmount}>{formatINR(order.total)}</span> : null}
        {view === 'sent' && order ? (
          <Text>{m.sentBody(formatINR(order.total), order.payeeName)}</Text>
        ) : null}
        {view === 'failed' ? (
          <>
            <Text>{m.failedBody}</Text>
            {order ? (
              <Text c="dimmed">{failureReason(order.status, order.paymentStatus)}</Text>
            ) : null}
          </>
        ) : null}
      </Stack>
      {view === 'sent' && order?.refundReason ? (
        <Alert color="yellow" role="status" title={messages.automaticRefund.title}>
          {order.refundReason}
        </Alert>
      ) : null}
      {view === 'processing' ? (
        <Group gap="sm" justify="center">
          <Loader size="sm" />
          <Text>{m.processingBody}</Text>
        </Group>
      ) : null}
      {view === 'stillProcessing' ? <Text>{m.stillProcessing}</Text> : null}
      {order ? <Details order={order} sent={view === 'sent'} /> : null}
      {view === 'stillProcessing' ? (
        <Button size="md" onClick={checkAgain}>
          {m.checkAgain}
        </Button>
      ) : null}
      {view === 'failed' ? (
        <Button size="md" component={Link} to="/pay/review">
          {m.tryAgain}
        </Button>
      ) : null}
      {view === 'sent' && order ? (
        <Stack gap="sm">
          <Button
            size="md"
            component={Link}
            to={`/student/receipts/${encodeURIComponent(order.id)}`}
          >
            {m.viewReceipt}
          </Button>
          <Button size="md" variant="light" component={Link} to="/student/dashboard">
            {m.toDashboard}
          </Button>
          {order.payeePhone ? (
            <Button size="md" variant="subtle" component={Link} to={payAgainPath(order.payeePhone)}>
              {m.payAgain}
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
