// Dues, their reminders and the texts that carry them (issue 14, D146-D151): every list of
// theirs, named once (the database's checks and the contract's enums are these). A module of
// its own so that only the screens about dues load them, not every first paint.

/** A due as kept (issue 14). Overdue is not kept: an open or partly paid due past its date is. */
export const DUE_STATUSES = ['open', 'partly_paid', 'paid', 'waived'] as const;
export type KeptDueStatus = (typeof DUE_STATUSES)[number];
/**
 * A due as the API and the Dues tab show it (D146): past its date, an open one is overdue and
 * a partly paid one 'partly paid, overdue' (D238; duesLedger.ts dueStatusOn).
 */
export const SHOWN_DUE_STATUSES = [...DUE_STATUSES, 'overdue', 'partly_paid_overdue'] as const;
export type ShownDueStatus = (typeof SHOWN_DUE_STATUSES)[number];
/** Dues still owed: reminded, payable by link, settled or waived by the tutor. */
export const OPEN_DUE_STATUSES = [
  'open',
  'partly_paid',
] as const satisfies readonly KeptDueStatus[];
export const isOpenDue = (status: KeptDueStatus): boolean =>
  (OPEN_DUE_STATUSES as readonly KeptDueStatus[]).includes(status);
/** Shown as still owed (an overdue due is open or partly paid). */
export const OPEN_SHOWN_DUE_STATUSES = [
  ...OPEN_DUE_STATUSES,
  'overdue',
  'partly_paid_overdue',
] as const satisfies readonly ShownDueStatus[];
/** How a due the tutor settled by hand was paid (D146), or that it was waived. */
export const DUE_SETTLEMENTS = ['cash', 'other', 'waived'] as const;
/** How the tutor says a due was paid outside the app (Paid in cash, Paid another way). */
export const DUE_PAID_BY = [
  'cash',
  'other',
] as const satisfies readonly (typeof DUE_SETTLEMENTS)[number][];

/** A reminder the ladder sent, or one the tutor sent now. */
export const REMINDER_KINDS = ['scheduled', 'manual'] as const;
/** Why a reminder was not sent (D148; D210: a phone not confirmed, a daily cap or ceiling). */
export const REMINDER_SKIPS = [
  'opted_out',
  'cannot_accept_payments',
  'unconfirmed',
  'daily_cap',
  'platform_limit',
] as const;
/** D151: how a tutor's reminders go: WhatsApp (SMS when it cannot deliver), or SMS only. */
export const REMINDER_CHANNELS = ['whatsapp', 'sms'] as const;
/** The channel one text went by. */
export const TEXT_CHANNELS = ['sms', 'whatsapp'] as const;
/** What became of one text: queued, taken by the provider, delivered, or failed. */
export const TEXT_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const;
