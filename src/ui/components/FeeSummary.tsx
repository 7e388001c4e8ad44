// The static link's mobile fee summary (spec §2, D5, D9): the card fee, charges and total for
// the typed amount, and when the tutor is paid: the next settlement, in IST (never the spec's
// hard-coded '9th October'). What it shows is the amountEntry machine's (`feeSummary`).
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/DataList.css';
import '@mantine/core/styles/Text.css';
import { DataList, Paper, Text } from '@mantine/core';
import type { Breakup } from '../../domain/fees';
import { messages } from '../../domain/messages';
import { formatIstTime } from '../../domain/time';
import { formatIstDate } from '../../domain/istDate';
import { AmountBreakup } from './AmountBreakup';

export interface FeeSummaryProps {
  /** A card payment of the typed amount; null until it is payable. */
  breakup: Breakup | null;
  /** The next settlement. */
  settles: Date;
}

export function FeeSummary({ breakup, settles }: FeeSummaryProps) {
  const m = messages.staticLink;
  return (
    <Paper withBorder p="md" radius="md" aria-label={m.feeSummaryTitle} component="section">
      <Text fw={650} mb="xs">
        {m.feeSummaryTitle}
      </Text>
      {breakup ? <AmountBreakup label={m.feeSummaryTitle} breakup={breakup} /> : null}
      <DataList mt="sm" labelWidth="60%">
        <DataList.Item>
          <DataList.ItemLabel>{m.settlementDate}</DataList.ItemLabel>
          <DataList.ItemValue ta="right">{formatIstDate(settles)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{m.settlementTime}</DataList.ItemLabel>
          <DataList.ItemValue ta="right">{formatIstTime(settles)}</DataList.ItemValue>
        </DataList.Item>
      </DataList>
    </Paper>
  );
}
