// How Autopay's dates, stages and next debits read on the payer's and the tutor's screens.
import type { AutopayPlanView, DebitView } from '../../../../../machines/shared/autopay';
import type { MandateStage } from '../../../../domain/autopay';
import { autopayTexts } from '../../../../domain/autopayTexts';
import { formatIstDate } from '../../../../domain/istDate';
import { formatINR } from '../../../../domain/money';

/** The setup page of a plan and student. */
export const setupPath = (plan: Pick<AutopayPlanView, 'planId' | 'studentId'>) =>
  `/student/autopay/setup/${plan.planId}/${plan.studentId}`;

export const STAGE_COLOR: Record<MandateStage, string> = {
  pending: 'yellow',
  active: 'teal',
  paused: 'orange',
  cancelled: 'gray',
  failed: 'red',
  expired: 'gray',
  completed: 'gray',
};

/** '20th January 2025' of a 'YYYY-MM-DD' IST day. */
export const dayText = (dateKey: string) =>
  formatIstDate(new Date(`${dateKey}T12:00:00+05:30`), { withYear: true });

/** The next debit's line: its notice went (or it is under way), or it is the next due. */
export function nextDebitLine(debit: DebitView | null): string | null {
  if (!debit) return null;
  const amount = formatINR(debit.amount);
  if (debit.state === 'scheduled')
    return autopayTexts.plans.nextDebit(amount, dayText(debit.dueDate));
  return autopayTexts.plans.noticeSent(amount, dayText(debit.dueDate));
}

/** A last debit that failed, and why; null for any other. */
export function failedLine(debit: DebitView | null): string | null {
  if (debit?.state !== 'failed') return null;
  return autopayTexts.plans.lastFailed(dayText(debit.dueDate), debit.reason ?? '');
}
