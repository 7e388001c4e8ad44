// The static link's mobile fee summary (spec §2, D5, D9): the card fee, charges and total for
// the typed amount, and when the tutor is paid: the next settlement, in IST (never the spec's
// hard-coded '9th October'). What it shows is the amountEntry machine's (`feeSummary`).
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Text.css';
import { Paper, Text } from '@mantine/core';
import type { Breakup } from '../../domain/fees';
import { messages } from '../../domain/messages';
import { formatIstClock, formatIstDate } from '../../domain/istDate';
import { AmountBreakup } from './AmountBreakup';
import { DetailList } from './DetailList';

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
      <DetailList
        spaced
        labelWidth="60%"
        rows={[
          { label: m.settlementDate, value: formatIstDate(settles) },
          { label: m.settlementTime, value: formatIstClock(settles) },
        ]}
      />
    </Paper>
  );
}
