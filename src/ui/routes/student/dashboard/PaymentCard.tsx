// One payment the student made, as a card (phone first): tutor, time (IST), status, method,
// the breakup, the refund's status, and what can be done with it.
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/DataList.css';
import { Badge, Button, DataList, Group, Paper, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { receiptPdfMachine } from '../../../../../machines/receiptPdf/receiptPdf.machine';
import {
  payAgainPath,
  type PaymentMade,
  type SavedFile,
} from '../../../../../machines/studentDashboard/studentPayments';
import { receiptPdfActor } from '../../../../api/actors/student';
import { saveBlob } from '../../../../browser/download';
import { apiMessages } from '../../../../domain/apiMessages';
import { dashboardTexts } from '../../../../domain/dashboardTexts';
import { messages } from '../../../../domain/messages';
import { formatINR } from '../../../../domain/money';
import { paymentOutcome, paymentOutcomeLabel } from '../../../../domain/statuses';
import { istWhen } from './format';
import { useEndSessionOn401 } from './studentSession';

const t = dashboardTexts.student.payments;
const r = messages.review;
const save = (_: unknown, file: SavedFile) => saveBlob(file.blob, file.fileName);

const OUTCOME_COLOR = { sent: 'green', processing: 'yellow', failed: 'red' } as const;

/** 'Download PDF' for one order (machines/receiptPdf). */
export function DownloadPdfButton({ orderId }: { orderId: string }) {
  const actor = useActorRef(
    receiptPdfMachine.provide({ actors: { fetchPdf: receiptPdfActor }, actions: { save } }),
    { input: { orderId } },
  );
  useEndSessionOn401(actor);
  return <PdfDownload actor={actor} />;
}

/** The button and its error on a running receiptPdf actor (the path tests render it on theirs). */
export function PdfDownload({ actor }: { actor: ActorRefFrom<typeof receiptPdfMachine> }) {
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <Stack gap={4}>
      <Button
        variant="light"
        size="xs"
        loading={loading}
        onClick={() => actor.send({ type: 'pdf.download' })}
      >
        {t.downloadPdf}
      </Button>
      {error ? (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

export function PaymentCard({
  payment,
  onRefund,
}: {
  payment: PaymentMade;
  onRefund: (payment: PaymentMade) => void;
}) {
  const outcome = paymentOutcome(payment.orderStatus, payment.latestPaymentStatus);
  const when = payment.paidAt ?? payment.createdAt;
  const rows: [string, number][] =
    payment.method === 'upi'
      ? [[r.amount, payment.amount]]
      : [
          [r.amount, payment.amount],
          [r.platformFee, payment.fee],
          [r.charges, payment.charges],
        ];
  const { tutor } = payment;
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={tutor.name}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={700}>{tutor.name}</Text>
            <Text size="sm" c="dimmed">
              {istWhen(when)}
            </Text>
          </div>
          <Badge color={OUTCOME_COLOR[outcome]} variant="light">
            {paymentOutcomeLabel(outcome)}
          </Badge>
        </Group>
        <Text size="sm">{t.methods[payment.method]}</Text>
        <DataList aria-label={t.breakupAria(tutor.name)} withDivider labelWidth="60%">
          {rows.map(([name, value]) => (
            <DataList.Item key={name}>
              <DataList.ItemLabel>{name}</DataList.ItemLabel>
              <DataList.ItemValue ta="right">{formatINR(value)}</DataList.ItemValue>
            </DataList.Item>
          ))}
          <DataList.Item fw={700}>
            <DataList.ItemLabel>{r.total}</DataList.ItemLabel>
            <DataList.ItemValue ta="right">{formatINR(payment.total)}</DataList.ItemValue>
          </DataList.Item>
        </DataList>
        {payment.refund ? (
          <Text size="sm" fw={600}>
            {t.refund(apiMessages.refunds.statusLabels[payment.refund.status])}
          </Text>
        ) : null}
        {payment.refund?.automaticReason ? (
          <Text size="sm">{payment.refund.automaticReason}</Text>
        ) : null}
        <Group gap="xs" align="flex-start">
          {outcome === 'sent' ? (
            <>
              <Button
                component={Link}
                to={`/student/receipts/${encodeURIComponent(payment.orderId)}`}
                variant="light"
                size="xs"
              >
                {t.receipt}
              </Button>
              <DownloadPdfButton orderId={payment.orderId} />
              {payment.refundableUntil ? (
                <Button variant="default" size="xs" onClick={() => onRefund(payment)}>
                  {t.requestRefund}
                </Button>
              ) : null}
            </>
          ) : null}
          {tutor.username ? (
            <Button
              component={Link}
              to={payAgainPath(tutor.username)}
              size="xs"
              aria-label={t.payAgainAria(tutor.name)}
            >
              {t.payAgain}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
