// UPI Autopay (issue 49): the calls of the payer's Autopay section, setup and status pages, and
// of the tutor's Autopay list. Amounts are rupees at the API, paise in the app. Each call
// rejects with the client's ApiFailure (D37).
import type { ControlAction } from '../../../machines/autopayControl/autopayControl.machine';
import type {
  AutopayPlanView,
  DebitView,
  MandateView,
  TutorMandateView,
} from '../../../machines/shared/autopay';
import type { MandateStatus } from '../../domain/autopay';
import { rupeesToPaise } from '../../domain/money';
import { openMandateCheckout } from '../../browser/checkout';
import { api } from '../appClient';
import type { Schemas } from '../client';
import { data } from '../errors';

const debit = (from: Schemas['AutopayDebit'] | null): DebitView | null =>
  from && {
    dueDate: from.due_date,
    amount: rupeesToPaise(from.amount),
    state: from.state,
    reason: from.reason,
  };

export const mandateView = (from: Schemas['Mandate']): MandateView => ({
  id: from.id,
  status: from.status,
  stage: from.stage,
  planId: from.plan_id,
  planName: from.plan_name,
  studentId: from.student_id,
  studentName: from.student_name,
  tutorName: from.tutor_name,
  maxAmount: rupeesToPaise(from.max_amount),
  expiresAt: from.expires_at,
  nextDebit: debit(from.next_debit),
  lastDebit: debit(from.last_debit),
});

const planView = (from: Schemas['MyAutopayPlan']): AutopayPlanView => ({
  planId: from.plan_id,
  planName: from.plan_name,
  kind: from.plan_kind,
  studentId: from.student_id,
  studentName: from.student_name,
  tutorName: from.tutor_name,
  amount: rupeesToPaise(from.amount),
  dueDay: from.due_day,
  instalmentDates: from.instalment_dates,
  refusal: from.refusal,
  expiresAt: from.expires_at,
  mandate: from.mandate ? mandateView(from.mandate) : null,
});

/** `GET my-autopay/`: the caller's plans, each with its mandate, and their email. */
export async function fetchMyAutopay(signal?: AbortSignal) {
  const answer = await data(api.GET('/my-autopay/', { signal }));
  return { plans: answer.results.map(planView), email: answer.email };
}

/** One plan and student of the caller's (null: none such), and the email to prefill. */
export async function fetchAutopayPlan(input: { planId: number; studentId: number }) {
  const { plans, email } = await fetchMyAutopay();
  const plan =
    plans.find((p) => p.planId === input.planId && p.studentId === input.studentId) ?? null;
  return { plan, email };
}

/** `POST my-autopay/`: the mandate, and its hosted page's session. */
export async function createMandate(input: { planId: number; studentId: number; email: string }) {
  const answer = await data(
    api.POST('/my-autopay/', {
      body: { plan_id: input.planId, student_id: input.studentId, email: input.email },
    }),
  );
  return { mandateId: answer.mandate.id, sessionId: answer.session_id };
}

/** The gateway's mandate page, in this tab. */
export const openMandatePage = ({ sessionId }: { sessionId: string }) =>
  openMandateCheckout(sessionId);

/** `GET my-autopay/{id}/`. */
export async function fetchMandate({ mandateId }: { mandateId: string }): Promise<MandateView> {
  return mandateView(
    await data(api.GET('/my-autopay/{id}/', { params: { path: { id: mandateId } } })),
  );
}

const CONTROL_PATHS = {
  pause: '/my-autopay/{id}/pause/',
  resume: '/my-autopay/{id}/resume/',
  cancel: '/my-autopay/{id}/cancel/',
} as const;

/** Pause, resume or cancel: the mandate's status afterwards. */
export async function controlMandate(input: {
  mandateId: string;
  action: ControlAction;
}): Promise<MandateStatus> {
  const answer = await data(
    api.POST(CONTROL_PATHS[input.action], { params: { path: { id: input.mandateId } } }),
  );
  return answer.status;
}

const tutorView = (from: Schemas['TutorMandate']): TutorMandateView => ({
  id: from.id,
  status: from.status,
  stage: from.stage,
  studentName: from.student_name,
  planName: from.plan_name,
  nextDebit: debit(from.next_debit),
  lastDebit: debit(from.last_debit),
});

/** `GET autopay/`: the tutor's students' mandates. */
export async function fetchTutorMandates(): Promise<TutorMandateView[]> {
  return (await data(api.GET('/autopay/', {}))).results.map(tutorView);
}

/** `POST autopay/{id}/cancel/`. */
export async function cancelTutorMandate({ id }: { id: string }): Promise<TutorMandateView> {
  return tutorView(await data(api.POST('/autopay/{id}/cancel/', { params: { path: { id } } })));
}
