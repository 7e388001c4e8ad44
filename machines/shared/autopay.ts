// What the Autopay screens (issue 49) show of a mandate, a plan and a debit: the machines'
// views of the API's Mandate, MyAutopayPlan and TutorMandate. Amounts are paise.
import type { MandateStage, MandateStatus } from '../../src/domain/autopay';

export type DebitView = {
  dueDate: string;
  amount: number;
  state: 'scheduled' | 'pending' | 'notified' | 'executing' | 'success' | 'failed' | 'cancelled';
  reason: string | null;
};

export interface MandateView {
  id: string;
  status: MandateStatus;
  stage: MandateStage;
  planId: number;
  planName: string;
  studentId: number;
  studentName: string;
  tutorName: string;
  maxAmount: number;
  expiresAt: string;
  nextDebit: DebitView | null;
  lastDebit: DebitView | null;
}

export interface AutopayPlanView {
  planId: number;
  planName: string;
  kind: 'monthly' | 'instalments';
  studentId: number;
  studentName: string;
  tutorName: string;
  /** The most one debit takes (the plan's largest due). */
  amount: number;
  dueDay: number | null;
  instalmentDates: string[];
  refusal: 'over_cap' | 'cannot_accept' | null;
  /** When a mandate set up now would end. */
  expiresAt: string;
  mandate: MandateView | null;
}

export interface TutorMandateView {
  id: string;
  status: MandateStatus;
  stage: MandateStage;
  studentName: string;
  planName: string;
  nextDebit: DebitView | null;
  lastDebit: DebitView | null;
}

/** A mandate still running or waiting: one per plan and student, so no second is set up. */
export const isLive = (mandate: { stage: MandateStage } | null): boolean =>
  mandate !== null && ['pending', 'active', 'paused'].includes(mandate.stage);
