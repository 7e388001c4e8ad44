// The refund window the tutor's terms promise (spec §2, §9): a refund may be requested within
// 24 hours of payment and never after settlement (D5), whichever comes first (D75).

import { REFUND_WINDOW_MS } from './constants';
import { nextSettlement } from './settlement';

/** The instant the window closes: 24 hours after payment, or the settlement if sooner. */
export function refundDeadline(paidAt: Date, holidays: Iterable<string> = []): Date {
  const dayLater = paidAt.getTime() + REFUND_WINDOW_MS;
  const settlesAt = nextSettlement(paidAt, holidays).getTime();
  return new Date(Math.min(dayLater, settlesAt));
}

export type RefundWindowVerdict = { ok: true } | { ok: false; reason: 'expired' | 'settled' };

/** May a refund of a payment made at `paidAt` be requested at `now`? If not, which rule says no. */
export function refundWindowVerdict(
  paidAt: Date,
  now: Date,
  holidays: Iterable<string> = [],
): RefundWindowVerdict {
  const list = [...holidays];
  if (now.getTime() < refundDeadline(paidAt, list).getTime()) return { ok: true };
  const settled = now.getTime() >= nextSettlement(paidAt, list).getTime();
  return { ok: false, reason: settled ? 'settled' : 'expired' };
}
