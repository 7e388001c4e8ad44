// Fee reminders (issue 14, D148): when they may go out and on which days of a due.
import { istParts } from './time';

/** A plan's ladder unless it says otherwise: days from the due date (-3: three days before). */
export const DEFAULT_REMINDER_DAYS = [-3, 0, 3, 7] as const;
/** A plan's ladder: at most this many steps, each this many days from the due date. */
export const REMINDER_DAYS_MAX = 6;
export const REMINDER_DAY_RANGE = { from: -14, to: 30 } as const;
/** Reminders go out from 9:00 to before 21:00 IST only (no one is texted at night). */
export const REMINDER_HOURS = { from: 9, to: 21 } as const;

export function inReminderHours(now: Date): boolean {
  const { hour } = istParts(now);
  return hour >= REMINDER_HOURS.from && hour < REMINDER_HOURS.to;
}

/** Replies that stop reminders (and the one that starts them again), as SMS keywords go. */
const STOP_WORDS = new Set(['STOP', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'UNSTOP']);

/** What a payer's reply asks for: to stop reminders, to have them again, or neither. */
export function replyIntent(text: string): 'stop' | 'start' | null {
  const word = text.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  return null;
}

/**
 * D210: the most fee reminders a tutor's payers get in an IST day: twice the students who have
 * paid the tutor through us, and never fewer than 20 (a new tutor's first month).
 */
export const REMINDER_DAILY_CAP = { least: 20, perPayingStudent: 2 } as const;

export function dailyReminderCap(payingStudents: number): number {
  return Math.max(REMINDER_DAILY_CAP.least, REMINDER_DAILY_CAP.perPayingStudent * payingStudents);
}
