// What the Dues tab shows (issue 14, D146-D151), in the app's own units: dues and figures in
// integer paise (D9); the reminder log as the contract's Reminder, restated (machines import no
// API types). The API actors (src/api/actors/tutorDues.ts) make these from the server's answers.
import type {
  DUE_SETTLEMENTS,
  REMINDER_KINDS,
  REMINDER_SKIPS,
  TEXT_CHANNELS,
  ShownDueStatus,
  TEXT_STATUSES,
} from '../../src/domain/dues';
import type { Page } from '../pagedList/pagedList.machine';

export interface DueRow {
  id: number;
  studentId: number;
  studentName: string;
  /** Null once the student's data was erased (D322). */
  studentPhone: string | null;
  /** Who pays it (the parent when set): a shared link goes to this phone. */
  payerPhone: string;
  batch: string | null;
  /** D234: the batch as the filter matches it. */
  batchKey: string | null;
  /** D237: paise the student owes on all their open dues (what a cash entry may be). */
  studentOwes: number;
  planName: string;
  period: string;
  dueDate: string;
  amount: number;
  paid: number;
  left: number;
  status: ShownDueStatus;
  settledBy: (typeof DUE_SETTLEMENTS)[number] | null;
  note: string | null;
}

/** A month at a glance: what was expected, collected, is outstanding, carried and overdue. */
export interface DueFigures {
  month: string;
  expected: number;
  collected: number;
  outstanding: number;
  carriedForward: number;
  overdue: number;
}

/** A month's dues as one page, with the month's figures beside it. */
export type DuesPage = Page<DueRow> & { figures: DueFigures };

/** One bar of the six-month chart. */
export interface MonthFigures {
  month: string;
  expected: number;
  collected: number;
}

/** One reminder of the log (the contract's Reminder; `amount` in rupees, as the API sends). */
export interface ReminderRow {
  id: number;
  day: string;
  kind: (typeof REMINDER_KINDS)[number];
  payer_name: string;
  payer_phone: string;
  channel: (typeof TEXT_CHANNELS)[number];
  /** Null for a skipped reminder: nothing was asked (D239). */
  amount: number | null;
  link_id: string | null;
  status: (typeof TEXT_STATUSES)[number] | 'skipped';
  skipped: (typeof REMINDER_SKIPS)[number] | null;
  error: string | null;
  whatsapp_error: string | null;
  created_at: string;
}

/** The log as one page, and the payers who replied STOP. */
export type ReminderLogPage = Page<ReminderRow> & { stopped: { payer_name: string }[] };
