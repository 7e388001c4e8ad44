// What a payment's row on the Payments tab says of its payout (issue 50): paid out on a day
// with the bank's reference, on its way, failed or reversed. Until the gateway reports one,
// the row shows the expected settlement (D5) instead.
import type { PaymentReceivedRow } from '../../../../../api/actors/tutorMoney';
import { formatIstDate } from '../../../../../domain/istDate';
import { taxTexts } from '../../../../../domain/taxTexts';

export function payoutText(payout: NonNullable<PaymentReceivedRow['payout']>): string {
  const t = taxTexts.payment;
  if (payout.status === 'failed') return t.payoutFailed;
  if (payout.status === 'reversed') return t.payoutReversed;
  const when = payout.settled_at ?? payout.initiated_at;
  if (payout.status === 'initiated' || !when) return t.payoutOnItsWay;
  const day = t.paidOut(formatIstDate(new Date(when), { withYear: true }));
  return payout.utr ? `${day} · ${payout.utr}` : day;
}
