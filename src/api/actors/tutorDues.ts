// The tutor dashboard's Dues tab (issue 14, D146-D149): a month of dues with its figures,
// settling or waiving one, a reminder now, the reminder log and settings (D151), the ledger's CSV. Amounts are
// rupees at the API, paise in the app. Each call rejects with the client's ApiFailure (D37).
import type { IstDateRange } from '../../domain/dateRange';
import type { CashCall, CashReceiptShown } from '../../../machines/cashEntry/cashEntry.machine';
import type {
  DueRow,
  DuesPage,
  MonthFigures,
  ReminderLogPage,
} from '../../../machines/duesTab/dueRows';
import type { Page, PageRequest } from '../../../machines/pagedList/pagedList.machine';
import { rupeesToPaise } from '../../domain/money';
import { batchKey } from '../../domain/students';
import { api } from '../appClient';
import type { Schemas } from '../client';
import { data } from '../errors';
import { downloaded, type DownloadedFile } from './tutorMoney';

export type {
  DueRow,
  DuesPage,
  MonthFigures,
  ReminderRow,
} from '../../../machines/duesTab/dueRows';
export type DueStatus = DueRow['status'];

const dueRowOf = (due: Schemas['Due']): DueRow => ({
  id: due.id,
  studentId: due.student_id,
  studentName: due.student_name,
  studentPhone: due.student_phone,
  payerPhone: due.payer_phone,
  batch: due.batch,
  batchKey: batchKey(due.batch),
  studentOwes: rupeesToPaise(due.student_owes),
  planName: due.plan_name,
  period: due.period,
  dueDate: due.due_date,
  amount: rupeesToPaise(due.amount),
  paid: rupeesToPaise(due.paid),
  left: rupeesToPaise(due.left),
  status: due.status,
  settledBy: due.settled_by,
  note: due.note,
});

/** `GET students/{id}/dues/`: one student's history as one page (none while no one is chosen). */
export async function fetchStudentDues(
  request: PageRequest<number | null>,
  signal?: AbortSignal,
): Promise<Page<DueRow> & { owed: number }> {
  if (request.filter === null) return { items: [], page: 1, page_size: 1, count: 0, owed: 0 };
  const answer = await data(
    api.GET('/students/{id}/dues/', { params: { path: { id: request.filter } }, signal }),
  );
  const items = answer.results.map(dueRowOf);
  return {
    items,
    page: 1,
    page_size: Math.max(1, items.length),
    count: items.length,
    owed: rupeesToPaise(answer.owed),
  };
}

/** `GET dues/?month=`: every due of the month (one page) and its figures. */
export async function fetchDueMonth(
  request: PageRequest<string>,
  signal?: AbortSignal,
): Promise<DuesPage> {
  const answer = await data(
    api.GET('/dues/', { params: { query: { month: request.filter } }, signal }),
  );
  const items = answer.results.map(dueRowOf);
  return {
    items,
    page: 1,
    page_size: Math.max(1, items.length),
    count: items.length,
    figures: {
      month: answer.month,
      expected: rupeesToPaise(answer.expected),
      collected: rupeesToPaise(answer.collected),
      outstanding: rupeesToPaise(answer.outstanding),
      carriedForward: rupeesToPaise(answer.carried_forward),
      overdue: answer.overdue,
    },
  };
}

/** `GET dues/months/?to=`: the six months up to the one shown, oldest first, as one page. */
export async function fetchDueMonths(
  request: PageRequest<string>,
  signal?: AbortSignal,
): Promise<Page<MonthFigures>> {
  const answer = await data(
    api.GET('/dues/months/', { params: { query: { to: request.filter } }, signal }),
  );
  const items = answer.results.map((m) => ({
    month: m.month,
    expected: rupeesToPaise(m.expected),
    collected: rupeesToPaise(m.collected),
  }));
  return { items, page: 1, page_size: items.length, count: items.length };
}

/** `POST dues/{id}/settle/`: paid in cash, or another way with a note saying how. */
export async function settleDue(id: number, how: 'cash' | 'other' = 'cash', note?: string) {
  await data(
    api.POST('/dues/{id}/settle/', {
      params: { path: { id } },
      body: note === undefined ? { how } : { how, note },
    }),
  );
}

export async function waiveDue(id: number): Promise<void> {
  await data(api.POST('/dues/{id}/waive/', { params: { path: { id } }, body: {} }));
}

/** `POST dues/{id}/link/`: the due's own payment link (the same one while it has a day left). */
export async function dueLinkFor(id: number): Promise<{ url: string; amount: number }> {
  const link = await data(api.POST('/dues/{id}/link/', { params: { path: { id } } }));
  return { url: link.url, amount: rupeesToPaise(link.amount) };
}

/** `POST students/{id}/cash/` (D237): cash received, settling the student's dues oldest first. */
export async function recordCash(call: CashCall): Promise<CashReceiptShown> {
  return data(
    api.POST('/students/{id}/cash/', { params: { path: { id: call.studentId } }, body: call.body }),
  );
}

/** `POST reminders/overdue/` (D239): a reminder to every payer with an overdue due. */
export async function remindAllOverdue(): Promise<Schemas['RemindOverdue']> {
  return data(api.POST('/reminders/overdue/'));
}

export async function remindNow(studentId: number): Promise<void> {
  await data(api.POST('/reminders/', { body: { student_id: studentId } }));
}

/** `GET reminders/settings/` (D151). */
export async function fetchReminderSettings(): Promise<Schemas['ReminderSettings']> {
  return data(api.GET('/reminders/settings/'));
}

/** `PUT reminders/settings/`: both settings at once; the server's answer is what it kept. */
export async function saveReminderSettings(
  settings: Schemas['ReminderSettings'],
): Promise<Schemas['ReminderSettings']> {
  return data(api.PUT('/reminders/settings/', { body: settings }));
}

/** `GET reminders/`: the latest reminders as one page, and who replied STOP. */
export async function fetchReminders(
  _request: PageRequest<null>,
  signal?: AbortSignal,
): Promise<ReminderLogPage> {
  const answer = await data(api.GET('/reminders/', { signal }));
  return {
    items: answer.results,
    page: 1,
    page_size: Math.max(1, answer.results.length),
    count: answer.results.length,
    stopped: answer.stopped,
  };
}

/** `GET dues/export/`: the ledger's CSV as a blob, named as the server names it. */
export function exportDues(range: IstDateRange, signal?: AbortSignal): Promise<DownloadedFile> {
  return downloaded(
    api.GET('/dues/export/', {
      params: { query: { from: range.from, to: range.to } },
      parseAs: 'blob',
      signal,
    }),
    `tuitionpay-dues-${range.from}-to-${range.to}.csv`,
  );
}
