// The static link's mobile fee summary (spec §2, D5, D9): the card fee, charges and total for
// the typed amount, and when the tutor is paid — the next settlement, computed from now and
// the server's holidays, shown in IST (never the spec's hard-coded '9th October').
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/DataList.css';
import '@mantine/core/styles/Text.css';
import { DataList, Paper, Text } from '@mantine/core';
import { PAYMENT_METHOD } from '../../domain/constants';
import { computeBreakup } from '../../domain/fees';
import { messages } from '../../domain/messages';
import type { Paise } from '../../domain/money';
import { nextSettlement } from '../../domain/settlement';
import { formatIstDate, formatIstTime } from '../../domain/time';
import { AmountBreakup } from './AmountBreakup';

export interface FeeSummaryProps {
  /** The typed amount, when it is payable. */
  amount: Paise | null;
  baseRate: number;
  holidays: readonly string[];
  now: Date;
}

export function FeeSummary({ amount, baseRate, holidays, now }: FeeSummaryProps) {
  const settles = nextSettlement(now, holidays);
  const m = messages.staticLink;
  return (
    <Paper withBorder p="md" radius="md" aria-label={m.feeSummaryTitle} component="section">
      <Text fw={650} mb="xs">
        {m.feeSummaryTitle}
      </Text>
      {amount !== null && (
        <AmountBreakup
          label={m.feeSummaryTitle}
          breakup={computeBreakup({ amount, method: PAYMENT_METHOD.card, baseRate })}
        />
      )}
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
