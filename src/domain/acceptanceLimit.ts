// D10: a tutor at MIN_KYC_APPROVED may accept at most ₹50,000 in total (their paid orders'
// base amounts: what the tutor receives); ACTIVE tutors have no cap; others cannot be paid.

import { ACCEPTANCE_LIMIT_PAISE } from './constants';
import { messages } from './messages';
import { coded, type Said } from './texts';
import { formatINR, isPaise, type Paise } from './money';
import { canAcceptPayments, type PgOnboardingStatus } from './onboarding';

export type AcceptanceVerdict =
  | { ok: true }
  | { ok: false; reason: 'not-onboarded' | 'over-limit'; remaining: Paise; said: Said };

/**
 * May this tutor take a payment of `amount` (base, paise) having already been paid `paidSoFar`?
 * `said` is the sentence the 400 ends with (the UI shows the text after the last ': ').
 */
export function acceptanceVerdict(
  status: PgOnboardingStatus,
  paidSoFar: Paise,
  amount: Paise,
): AcceptanceVerdict {
  if (!isPaise(paidSoFar) || !isPaise(amount)) throw new RangeError('Amounts must be paise');
  if (!canAcceptPayments(status)) {
    return {
      ok: false,
      reason: 'not-onboarded',
      remaining: 0,
      said: coded(messages).payment.tutorCannotAccept,
    };
  }
  if (status === 'ACTIVE') return { ok: true };
  const remaining = Math.max(0, ACCEPTANCE_LIMIT_PAISE - paidSoFar);
  if (amount <= remaining) return { ok: true };
  return {
    ok: false,
    reason: 'over-limit',
    remaining,
    said:
      remaining === 0
        ? coded(messages).payment.acceptanceLimitReached
        : coded(messages).payment.acceptanceLimitRemaining(formatINR(remaining)),
  };
}
