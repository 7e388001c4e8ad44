// How a due's status and date read on the tutor's screens (the Dues tab, a student's history).
import type { DueStatus } from '../../../../../api/actors/tutorDues';
import { formatIstDate } from '../../../../../domain/istDate';

export const DUE_STATUS_COLOR: Record<DueStatus, string> = {
  open: 'blue',
  partly_paid: 'yellow',
  paid: 'teal',
  waived: 'gray',
  overdue: 'red',
  // Overdue all the same (red); the words say a part is paid. Orange fails contrast (axe).
  partly_paid_overdue: 'red',
};

/** '5 February 2025' of a 'YYYY-MM-DD' IST day. */
export const dueDayText = (dateKey: string) => formatIstDate(new Date(`${dateKey}T12:00:00+05:30`));
