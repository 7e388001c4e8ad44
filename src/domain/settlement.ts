// D5: settlement is always computed (never the spec's hard-coded '9th October'): 17:00 IST on
// the next weekday after the payment's IST day, skipping the holidays the server publishes.

import { SETTLEMENT_HOUR_IST } from './constants';
import { addIstDays, fromIst, istDateKey, istParts } from './time';

/** More consecutive non-working days than this means the holiday list is wrong. */
const MAX_DAYS_AHEAD = 366;

/**
 * @param paidAt the payment instant
 * @param holidays IST calendar days 'YYYY-MM-DD' with no settlement (malformed entries never match)
 */
export function nextSettlement(paidAt: Date, holidays: Iterable<string> = []): Date {
  const closed = new Set(holidays);
  let day = istDateKey(paidAt);
  for (let i = 0; i < MAX_DAYS_AHEAD; i += 1) {
    day = addIstDays(day, 1);
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    const settlesAt = fromIst(year, month, date, SETTLEMENT_HOUR_IST, 0);
    const { weekday } = istParts(settlesAt);
    if (weekday !== 0 && weekday !== 6 && !closed.has(day)) return settlesAt;
  }
  throw new RangeError(`No working day within ${MAX_DAYS_AHEAD} days of ${istDateKey(paidAt)}`);
}
