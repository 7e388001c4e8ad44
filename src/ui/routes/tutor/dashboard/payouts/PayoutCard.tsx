// One payout as a card (issue 50, D271): when, its status (with the gateway's reason when it
// failed or was reversed), what reached the bank, the bank's reference and the figures that
// make it up. The list shows one per payout with 'Open'; the opened payout shows it on top.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/DataList.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Badge, DataList, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PayoutSummary } from '../../../../../../machines/payoutDetail/payoutDetail.machine';
import { formatINR } from '../../../../../domain/money';
import type { PayoutStatus } from '../../../../../domain/statuses';
import { taxTexts } from '../../../../../domain/taxTexts';
import { istDateTime } from '../payments/listParts';

const t = taxTexts.payouts;
const COLOURS: Record<PayoutStatus, string> = {
  initiated: 'blue',
  settled: 'green',
  failed: 'red',
  reversed: 'orange',
};

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  return (
    <Badge color={COLOURS[status]} variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
      {t.statuses[status]}
    </Badge>
  );
}

export function PayoutCard({ payout, action }: { payout: PayoutSummary; action?: ReactNode }) {
  const when = payout.settledAt ?? payout.initiatedAt;
  const rows: [string, string][] = [
    [t.gross, formatINR(payout.gross)],
    ...(payout.refunds !== 0
      ? ([[t.refunds, `-${formatINR(payout.refunds)}`]] as [string, string][])
      : []),
    [t.fees, `-${formatINR(payout.fees)}`],
    [t.feesGst, `-${formatINR(payout.feesGst)}`],
    ...(payout.adjustment !== 0
      ? ([[t.adjustment, formatINR(payout.adjustment)]] as [string, string][])
      : []),
  ];
  const label = when
    ? `${t.net}: ${formatINR(payout.net)}, ${istDateTime(when)}`
    : formatINR(payout.net);
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={label}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {when ? istDateTime(when) : ''}
            </Text>
            <Text fz="xl" fw={700}>
              {formatINR(payout.net)}
            </Text>
          </Stack>
          <PayoutStatusBadge status={payout.status} />
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t.utr}: {payout.utr ?? t.noUtr}
        </Text>
        {payout.reason ? (
          <Text size="sm" c="red.8">
            {t.reason}: {payout.reason}
          </Text>
        ) : null}
        <DataList withDivider labelWidth="60%">
          {rows.map(([name, value]) => (
            <DataList.Item key={name}>
              <DataList.ItemLabel>{name}</DataList.ItemLabel>
              <DataList.ItemValue ta="right">{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t.items(payout.items)}
          </Text>
          {action}
        </Group>
      </Stack>
    </Paper>
  );
}
