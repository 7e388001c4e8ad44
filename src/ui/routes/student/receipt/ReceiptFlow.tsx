// The receipt itself, loaded after /student/receipts/:orderId's first paint (ReceiptPage,
// D176): the receipt machine fetches the paid order's receipt; 'Print' (only the receipt
// prints) and 'Download PDF'. A receipt that is not there (404) or not yet (409) says so, with
// the way back. The student's session (logout, the way out on a 401) comes with it.
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/DataList.css';
import { Alert, Button, DataList, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { receiptMachine } from '../../../../../machines/receipt/receipt.machine';
import type { Receipt } from '../../../../../machines/studentDashboard/studentPayments';
import { receiptActor } from '../../../../api/actors/student';
import { printPage } from '../../../../browser/print';
import { paidForLine } from '../../../../domain/duePeriod';
import { apiMessages } from '../../../../domain/apiMessages';
import { dashboardTexts } from '../../../../domain/dashboardTexts';
import { formatINR } from '../../../../domain/money';
import { istWhen } from '../dashboard/format';
import { DownloadPdfButton } from '../dashboard/PaymentCard';
import { StudentSession, useEndSessionOn401 } from '../dashboard/studentSession';
import { LoadingLine } from '../../../components/trust/LoadingLine';
import classes from './ReceiptPage.module.css';
import { TaxDocuments } from './TaxDocuments';

const a = apiMessages.receipts;
const t = dashboardTexts.student;

const BackLink = () => (
  <Button component={Link} to="/student/dashboard" variant="default">
    {t.receipt.back}
  </Button>
);

function ReceiptSheet({ receipt }: { receipt: Receipt }) {
  const rows: [string, string][] = [
    [a.receiptNumber, receipt.receiptNumber],
    [a.paidTo, a.payee(receipt.payee.name, receipt.payee.username)],
    [a.paidBy, a.payer(receipt.payer.name, receipt.payer.phone)],
    ...receipt.paidFor.map((due, i): [string, string] => [
      i === 0 ? a.paidFor : '',
      paidForLine({ ...due, amount: formatINR(due.amount) }),
    ]),
    [a.paidAt, istWhen(receipt.paidAt)],
    [a.method, t.payments.methods[receipt.method === 'card' ? 'cc' : 'upi']],
    ...(receipt.bankReference
      ? [[a.bankReference, receipt.bankReference] as [string, string]]
      : []),
    [a.amount, formatINR(receipt.amount)],
    ...(a.showsFees(receipt.method)
      ? ([
          [a.platformFee, formatINR(receipt.fee)],
          [a.charges, formatINR(receipt.charges)],
        ] as [string, string][])
      : []),
  ];
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={a.title}>
      <Title order={1} size="h2" mb="md">
        {a.title}
      </Title>
      <DataList withDivider labelWidth="45%">
        {rows.map(([label, value]) => (
          <DataList.Item key={`${label}${value}`}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue ta="right" style={{ overflowWrap: 'anywhere' }}>
              {value}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
        <DataList.Item fw={700}>
          <DataList.ItemLabel>{a.total}</DataList.ItemLabel>
          <DataList.ItemValue ta="right">{formatINR(receipt.total)}</DataList.ItemValue>
        </DataList.Item>
      </DataList>
      {receipt.refund ? (
        <Text mt="sm" fw={600}>
          {a.refund(
            apiMessages.refunds.statusLabels[receipt.refund.status],
            formatINR(receipt.refund.amount),
          )}
        </Text>
      ) : null}
      <Text mt="md" size="sm" c="dimmed">
        {a.rupeeNote}
      </Text>
    </Paper>
  );
}

/** The receipt page's body on a running receipt actor (the path tests render it on theirs). */
export function ReceiptScreen({ actor }: { actor: ReceiptActorRef }) {
  const receipt = useSelector(actor, (s) => s.context.receipt);
  const error = useSelector(actor, (s) => s.context.error);
  const state = useSelector(actor, (s) => s.value);

  if (state === 'missing' || state === 'failed') {
    return (
      <Stack>
        <Alert color={state === 'missing' ? 'yellow' : 'red'} role="alert">
          {error}
        </Alert>
        <Group>
          {state === 'failed' ? (
            <Button onClick={() => actor.send({ type: 'receipt.retry' })}>
              {dashboardTexts.common.retry}
            </Button>
          ) : null}
          <BackLink />
        </Group>
      </Stack>
    );
  }
  if (!receipt) return <LoadingLine text={dashboardTexts.common.loading} />;
  return (
    <Stack>
      {/* Issue 50: the receipt prints with the payment's documents (TaxDocuments.tsx). */}
      <Stack className={classes.receipt}>
        <ReceiptSheet receipt={receipt} />
        <TaxDocuments documents={receipt.documents} />
      </Stack>
      <Group className={classes.noPrint} align="flex-start">
        <Button onClick={printPage}>{t.receipt.print}</Button>
        <DownloadPdfButton orderId={receipt.orderId} />
        <BackLink />
      </Group>
    </Stack>
  );
}

export type ReceiptActorRef = ActorRefFrom<typeof receiptMachine>;

function ReceiptView({ orderId }: { orderId: string }) {
  const actor = useActorRef(receiptMachine.provide({ actors: { fetchReceipt: receiptActor } }), {
    input: { orderId },
  });
  useEndSessionOn401(actor);
  return <ReceiptScreen actor={actor} />;
}

export default function ReceiptFlow({ orderId }: { orderId: string }) {
  return (
    <StudentSession>
      <ReceiptView orderId={orderId} />
    </StudentSession>
  );
}
