// The D9 amount breakup (amount, platform fee, government & other charges, total) as a
// list of label and value, in rupees with Indian grouping.
import type { Breakup } from '../../domain/fees';
import { messages } from '../../domain/messages';
import { formatINR } from '../../domain/money';
import { DetailList } from './DetailList';

const m = messages.review;

export function AmountBreakup({ breakup, label }: { breakup: Breakup; label?: string }) {
  return (
    <DetailList
      label={label ?? m.breakupTitle}
      divided
      labelWidth="60%"
      rows={[
        { label: m.amount, value: formatINR(breakup.amount) },
        { label: m.platformFee, value: formatINR(breakup.fee) },
        { label: m.charges, value: formatINR(breakup.charges) },
        { label: m.total, value: formatINR(breakup.total), strong: true },
      ]}
    />
  );
}
