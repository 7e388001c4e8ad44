// UPI Autopay (issue 49, D245-D249): the rules of a mandate and of each debit under it, shared
// by the server (which enforces them) and the app (which explains them).
//
// - A mandate is for one student's monthly or instalment plan, and debits at most ₹15,000 at a
//   time: above that NPCI wants the payer's UPI PIN for every debit, so such a plan keeps its
//   links and reminders (D246).
// - Each due is announced at least 24 hours before its debit (the pre-debit notice, for exactly
//   what is still owed), from two days before its date; the debit runs on the due date or, if
//   the notice went later, 24 hours after it, never on the notice's own day, outside NPCI's
//   peak hours, with one attempt and up to three retries an hour apart (D247).
import { PAISE_PER_RUPEE } from './constants';
import { addIstDays, fromIst, istDateKey, istParts } from './time';

/** RBI/NPCI: a recurring UPI debit above ₹15,000 needs the payer's PIN each time (D246). */
export const MANDATE_CAP_PAISE = 15_000 * PAISE_PER_RUPEE;
/** The notice goes this many days before the due date at the earliest (D247). */
export const NOTICE_LEAD_DAYS = 2;
/** NPCI: the pre-debit notice reaches the payer at least 24 hours before the debit. */
export const NOTICE_MIN_MS = 24 * 60 * 60 * 1000;
/** NPCI: one attempt and three retries per notice (D247). */
export const DEBIT_ATTEMPTS = 4;
/** Retries an hour apart, as Cashfree's own 1+3 policy spaces them. */
export const RETRY_GAP_MS = 60 * 60 * 1000;
/** A monthly plan's mandate lasts this many months; set it up again after (D248). */
export const MONTHLY_MANDATE_MONTHS = 12;
/** An instalment plan's mandate ends this many days after its last instalment. */
export const INSTALMENT_MANDATE_GRACE_DAYS = 7;
/** The ₹1 the payer's bank takes to approve the mandate, refunded at once by the gateway. */
export const AUTHORIZATION_PAISE = 100;

/**
 * NPCI's peak hours for UPI Autopay executions, in IST minutes from midnight [from, to):
 * 10:00-13:00 and 17:00-21:30. Debits run outside them.
 */
export const PEAK_WINDOWS: readonly (readonly [number, number])[] = [
  [10 * 60, 13 * 60],
  [17 * 60, 21 * 60 + 30],
];

/** The gateway's statuses of a subscription (mandate), and ours for a declined approval. */
export const MANDATE_STATUSES = [
  'INITIALIZED',
  'BANK_APPROVAL_PENDING',
  'ACTIVE',
  'ON_HOLD',
  'PAUSED',
  'CUSTOMER_PAUSED',
  'CUSTOMER_CANCELLED',
  'CANCELLED',
  'COMPLETED',
  'EXPIRED',
  'LINK_EXPIRED',
  /** Ours: the payer declined, or the bank refused, the mandate's approval. */
  'AUTH_FAILED',
] as const;
export type MandateStatus = (typeof MANDATE_STATUSES)[number];

/** Statuses a mandate never leaves; any other is live (one per plan and student, D245). */
export const FINAL_MANDATE_STATUSES: readonly MandateStatus[] = [
  'CUSTOMER_CANCELLED',
  'CANCELLED',
  'COMPLETED',
  'EXPIRED',
  'LINK_EXPIRED',
  'AUTH_FAILED',
];
export const isFinalMandate = (status: MandateStatus) => FINAL_MANDATE_STATUSES.includes(status);

/** What a payer or a tutor is shown of a mandate's status. */
export const MANDATE_STAGES = [
  'pending',
  'active',
  'paused',
  'cancelled',
  'failed',
  'expired',
  'completed',
] as const;
export type MandateStage = (typeof MANDATE_STAGES)[number];

export function mandateStage(status: MandateStatus): MandateStage {
  switch (status) {
    case 'INITIALIZED':
    case 'BANK_APPROVAL_PENDING':
      return 'pending';
    case 'ACTIVE':
      return 'active';
    case 'ON_HOLD':
    case 'PAUSED':
    case 'CUSTOMER_PAUSED':
      return 'paused';
    case 'CUSTOMER_CANCELLED':
    case 'CANCELLED':
      return 'cancelled';
    case 'AUTH_FAILED':
      return 'failed';
    case 'COMPLETED':
      return 'completed';
    case 'EXPIRED':
    case 'LINK_EXPIRED':
      return 'expired';
  }
}

/** A debit's states (D245): the row is written before the notice goes. */
export const DEBIT_STATES = [
  'pending',
  'notified',
  'executing',
  'success',
  'failed',
  'cancelled',
] as const;
export type DebitState = (typeof DEBIT_STATES)[number];
/** A debit still under way: its due is not on the reminder ladder. */
export const LIVE_DEBIT_STATES: readonly DebitState[] = ['pending', 'notified', 'executing'];

/** Why a plan cannot have a mandate, or null when it can (D246). */
export type AutopayRefusal = 'one_time' | 'over_cap';

/** The plan kinds a mandate can be for (a one-time fee is paid by link). */
export const AUTOPAY_PLAN_KINDS = ['monthly', 'instalments'] as const;

export interface AutopayPlan {
  kind: (typeof AUTOPAY_PLAN_KINDS)[number] | 'one_time';
  /** Paise: a monthly plan's fee. */
  amount: number;
  instalments: { dueDate: string; amount: number }[] | null;
}

/** The largest single due the plan makes, paise: what one debit may be at most. */
export function largestDue(plan: AutopayPlan): number {
  if (plan.kind === 'instalments')
    return Math.max(...(plan.instalments ?? []).map((p) => p.amount));
  return plan.amount;
}

export function autopayRefusal(plan: AutopayPlan): AutopayRefusal | null {
  if (!(AUTOPAY_PLAN_KINDS as readonly string[]).includes(plan.kind)) return 'one_time';
  if (largestDue(plan) > MANDATE_CAP_PAISE) return 'over_cap';
  return null;
}

/** D248: when a new mandate for `plan` ends. */
export function mandateExpiry(plan: AutopayPlan, now: Date): Date {
  if (plan.kind === 'instalments' && plan.instalments?.length) {
    const last = plan.instalments[plan.instalments.length - 1]!.dueDate;
    const [y, m, d] = addIstDays(last, INSTALMENT_MANDATE_GRACE_DAYS).split('-').map(Number);
    return fromIst(y!, m!, d!, 23, 59);
  }
  const { year, month, day } = istParts(now);
  return fromIst(year, month + MONTHLY_MANDATE_MONTHS, day, 23, 59);
}

const minutesOf = (date: Date) => {
  const { hour, minute } = istParts(date);
  return hour * 60 + minute;
};

/** The earliest instant at or after `at` outside NPCI's peak hours (IST). */
export function offPeakFrom(at: Date): Date {
  const now = minutesOf(at);
  const peak = PEAK_WINDOWS.find(([from, to]) => now >= from && now < to);
  if (!peak) return at;
  const { year, month, day } = istParts(at);
  return fromIst(year, month, day, Math.floor(peak[1] / 60), peak[1] % 60);
}

export const isOffPeak = (at: Date) => offPeakFrom(at).getTime() === at.getTime();

/** The IST midnight that starts `dateKey`. */
const startOf = (dateKey: string) => {
  const [y, m, d] = dateKey.split('-').map(Number);
  return fromIst(y!, m!, d!);
};

/**
 * Whether a due of `dueDate` is notified on `today` (IST): from NOTICE_LEAD_DAYS before its date
 * until the day before it. A due falling due today or earlier is never debited: its debit could
 * not wait the notice's 24 hours and still be on its day (it stays on the reminder ladder).
 */
export function noticeDue(dueDate: string, today: string): boolean {
  return dueDate > today && addIstDays(dueDate, -NOTICE_LEAD_DAYS) <= today;
}

/** D247: the first attempt of a debit of `dueDate` whose notice went at `noticeAt`. */
export function firstAttemptAt(dueDate: string, noticeAt: Date): Date {
  const earliest = Math.max(startOf(dueDate).getTime(), noticeAt.getTime() + NOTICE_MIN_MS);
  let at = offPeakFrom(new Date(earliest));
  // Never on the notice's own IST day.
  if (istDateKey(at) === istDateKey(noticeAt)) at = startOf(addIstDays(istDateKey(noticeAt), 1));
  return at;
}

/** The retry after an attempt that failed at `failedAt`. */
export function nextAttemptAt(failedAt: Date): Date {
  return offPeakFrom(new Date(failedAt.getTime() + RETRY_GAP_MS));
}
