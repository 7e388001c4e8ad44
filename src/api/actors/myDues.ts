// 'My dues' on the student dashboard (issue 14, D147): the caller's open dues with every tutor,
// and a payment link for some of them. Amounts are rupees at the API, paise in the app. Each
// call rejects with the client's ApiFailure (D37).
import type { Page, PageRequest } from '../../../machines/pagedList/pagedList.machine';
import { paiseToRupees, rupeesToPaise } from '../../domain/money';
import { api } from '../appClient';
import type { Schemas } from '../client';
import { data } from '../errors';

export interface MyDueRow {
  id: number;
  tutorId: number;
  tutorName: string;
  studentName: string;
  planName: string;
  period: string;
  dueDate: string;
  left: number;
  overdue: boolean;
  /** D153: the smallest part the plan takes (paise), or null: paid in full only. */
  partialMinimum: number | null;
}

/** D237: a cash payment a tutor recorded for one of the caller's students: their receipt. */
export type CashReceiptRow = Schemas['CashReceipt'];

/** `GET my-dues/`: every open due, oldest first, as one page, and the latest cash receipts. */
export async function fetchMyDues(
  _request: PageRequest<null>,
  signal?: AbortSignal,
): Promise<Page<MyDueRow> & { receipts: CashReceiptRow[] }> {
  const answer = await data(api.GET('/my-dues/', { signal }));
  const items = answer.results.map((due): MyDueRow => ({
    id: due.id,
    tutorId: due.tutor_id,
    tutorName: due.tutor_name,
    studentName: due.student_name,
    planName: due.plan_name,
    period: due.period,
    dueDate: due.due_date,
    left: rupeesToPaise(due.left),
    overdue: due.overdue,
    partialMinimum: due.partial_minimum === null ? null : rupeesToPaise(due.partial_minimum),
  }));
  return {
    items,
    page: 1,
    page_size: Math.max(1, items.length),
    count: items.length,
    receipts: answer.receipts,
  };
}

/**
 * `POST my-dues/pay/`: the link that pays these dues, or `part` of them (paise, D153); the app
 * then pays it as any link.
 */
export async function linkForDues(dueIds: number[], part?: number): Promise<string> {
  const body =
    part === undefined ? { due_ids: dueIds } : { due_ids: dueIds, amount: paiseToRupees(part) };
  const link = await data(api.POST('/my-dues/pay/', { body }));
  return link.id;
}
