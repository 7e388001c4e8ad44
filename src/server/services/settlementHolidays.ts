// D5: the bank holidays on which the gateway does not settle, besides Saturdays and Sundays.
// Data only, published by `GET payments/pg/` for the current and the next year so the browser
// computes the same settlement date as the server. Source: RBI's bank holidays (Mumbai, where
// settlements clear) and NSE's settlement calendar. Dates of lunar festivals move every year:
// check this list against RBI's calendar when it is published each December (2026 and 2027
// hold the fixed-date holidays and, for 2026, the festivals' expected dates).
import { nextSettlement } from '../../domain/settlement';
import { istDateKey } from '../../domain/time';

export const SETTLEMENT_HOLIDAYS: readonly { date: string; name: string }[] = [
  { date: '2025-01-26', name: 'Republic Day' },
  { date: '2025-02-26', name: 'Mahashivratri' },
  { date: '2025-03-14', name: 'Holi' },
  { date: '2025-03-31', name: 'Id-ul-Fitr' },
  { date: '2025-04-01', name: 'Annual closing of bank accounts' },
  { date: '2025-04-10', name: 'Mahavir Jayanti' },
  { date: '2025-04-14', name: 'Dr. Ambedkar Jayanti' },
  { date: '2025-04-18', name: 'Good Friday' },
  { date: '2025-05-01', name: 'Maharashtra Day' },
  { date: '2025-05-12', name: 'Buddha Purnima' },
  { date: '2025-08-15', name: 'Independence Day' },
  { date: '2025-08-27', name: 'Ganesh Chaturthi' },
  { date: '2025-09-05', name: 'Id-e-Milad' },
  { date: '2025-10-02', name: 'Gandhi Jayanti and Dussehra' },
  { date: '2025-10-21', name: 'Diwali (Laxmi Pujan)' },
  { date: '2025-10-22', name: 'Diwali (Balipratipada)' },
  { date: '2025-11-05', name: 'Guru Nanak Jayanti' },
  { date: '2025-12-25', name: 'Christmas' },
  { date: '2026-01-26', name: 'Republic Day' },
  { date: '2026-03-04', name: 'Holi' },
  { date: '2026-03-26', name: 'Ram Navami' },
  { date: '2026-03-31', name: 'Mahavir Jayanti' },
  { date: '2026-04-01', name: 'Annual closing of bank accounts' },
  { date: '2026-04-03', name: 'Good Friday' },
  { date: '2026-04-14', name: 'Dr. Ambedkar Jayanti' },
  { date: '2026-05-01', name: 'Maharashtra Day and Buddha Purnima' },
  { date: '2026-05-27', name: 'Bakri Id' },
  { date: '2026-06-26', name: 'Muharram' },
  { date: '2026-08-15', name: 'Independence Day' },
  { date: '2026-09-14', name: 'Ganesh Chaturthi' },
  { date: '2026-10-02', name: 'Gandhi Jayanti' },
  { date: '2026-10-20', name: 'Dussehra' },
  { date: '2026-11-08', name: 'Diwali (Laxmi Pujan)' },
  { date: '2026-11-10', name: 'Diwali (Balipratipada)' },
  { date: '2026-11-24', name: 'Guru Nanak Jayanti' },
  { date: '2026-12-25', name: 'Christmas' },
  { date: '2027-01-26', name: 'Republic Day' },
  { date: '2027-03-26', name: 'Good Friday' },
  { date: '2027-04-01', name: 'Annual closing of bank accounts' },
  { date: '2027-04-14', name: 'Dr. Ambedkar Jayanti' },
  { date: '2027-05-01', name: 'Maharashtra Day' },
  { date: '2027-08-15', name: 'Independence Day' },
  { date: '2027-10-02', name: 'Gandhi Jayanti' },
  { date: '2027-12-25', name: 'Christmas' },
];

/** The holidays of `now`'s IST year and the next, in date order ('YYYY-MM-DD'). */
export function settlementHolidays(now: Date): string[] {
  const year = Number(istDateKey(now).slice(0, 4));
  const years = new Set([String(year), String(year + 1)]);
  return SETTLEMENT_HOLIDAYS.map((h) => h.date)
    .filter((date) => years.has(date.slice(0, 4)))
    .sort();
}

/** Every holiday we know, for rules that look at a given payment (D5, the refund window). */
export const SETTLEMENT_HOLIDAY_DATES: readonly string[] = SETTLEMENT_HOLIDAYS.map((h) => h.date);

/** D5: when a payment made at `paidAt` settles to the tutor. */
export function expectedSettlement(paidAt: Date): Date {
  return nextSettlement(paidAt, SETTLEMENT_HOLIDAY_DATES);
}
