// The D9 amount breakup (amount, platform fee, government & other charges, total) as a
// list of label and value, in rupees with Indian grouping.
import '@mantine/core/styles/DataList.css';
import { DataList } from '@mantine/core';
import type { Breakup } from '../../domain/fees';
import { messages } from '../../domain/messages';
import { formatINR } from '../../domain/money';

const m = messages.review;

export function AmountBreakup({ breakup, label }: { breakup: Breakup; label?: string }) {
  const rows: [string, string][] = [
    [m.amount, formatINR(breakup.amount)],
    [m.platformFee, formatINR(breakup.fee)],
    [m.charges, formatINR(breakup.charges)],
  ];
  return (
    <DataList aria-label={label ?? m.breakupTitle} withDivider labelWidth="60%">
      {rows.map(([name, value]) => (
        <DataList.Item key={name}>
          <DataList.ItemLabel>{name}</DataList.ItemLabel>
          <DataList.ItemValue ta="right">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
      <DataList.Item fw={700}>
        <DataList.ItemLabel>{m.total}</DataList.ItemLabel>
        <DataList.ItemValue ta="right">{formatINR(breakup.total)}</DataList.ItemValue>
      </DataList.Item>
    </DataList>
  );
}
