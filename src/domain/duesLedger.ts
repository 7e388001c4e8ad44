// A due's money (issue 14, D146; issue 48): how a payment or a cash entry settles a payer's
// dues, oldest first, and what a due's status reads on a day. One home for both: a link's
// payment (services/dueLinks.ts) and a tutor's cash entry (services/cashEntries.ts) settle
// alike.
import type { KeptDueStatus, ShownDueStatus } from './dues';
import type { Paise } from './money';

/** What a due reads as on a day (D238: a part-paid due past its date is 'partly paid, overdue'). */
export type DueStatus = ShownDueStatus;

/**
 * D238: a due's status on `today` (IST, 'YYYY-MM-DD'): open past its date is overdue; partly
 * paid past its date is partly paid, overdue; paid and waived stay what they are.
 */
export function dueStatusOn(
  due: { status: KeptDueStatus; dueDate: string },
  today: string,
): DueStatus {
  if (due.dueDate >= today) return due.status;
  if (due.status === 'open') return 'overdue';
  if (due.status === 'partly_paid') return 'partly_paid_overdue';
  return due.status;
}

/** Whether a due's status on a day is past its date and unpaid (all of it or a part). */
export const isOverdue = (status: DueStatus): boolean =>
  status === 'overdue' || status === 'partly_paid_overdue';

export interface OpenDue {
  id: number;
  amount: Paise;
  paid: Paise;
}

export interface AppliedToDue {
  id: number;
  /** What this payment puts toward the due. */
  applied: Paise;
  /** What the due has been paid in all, after it. */
  paid: Paise;
  status: 'partly_paid' | 'paid';
}

/**
 * D237: what `amount` (paise) does to `dues`, taken in the order given (oldest first): each is
 * filled before the next gets anything. Returns the dues it touches and what is left over
 * (callers refuse an amount larger than what is owed, so nothing is kept as surplus).
 */
export function settleOldestFirst(
  dues: readonly OpenDue[],
  amount: Paise,
): { applied: AppliedToDue[]; left: Paise } {
  let left = amount;
  const applied: AppliedToDue[] = [];
  for (const due of dues) {
    const take = Math.min(left, due.amount - due.paid);
    if (take <= 0) {
      if (left <= 0) break;
      continue;
    }
    left -= take;
    const paid = due.paid + take;
    applied.push({
      id: due.id,
      applied: take,
      paid,
      status: paid === due.amount ? 'paid' : 'partly_paid',
    });
  }
  return { applied, left };
}

/** The figures of a list of dues, as the Dues table's totals row shows them (paise). */
export interface DueTotals {
  count: number;
  amount: Paise;
  paid: Paise;
  left: Paise;
}

/** D239: the totals of `dues` (waived ones count in the number, not in the money). */
export function duesTotals(
  dues: readonly { amount: Paise; paid: Paise; left: Paise; status: DueStatus }[],
): DueTotals {
  return dues.reduce<DueTotals>(
    (sum, due) =>
      due.status === 'waived'
        ? { ...sum, count: sum.count + 1 }
        : {
            count: sum.count + 1,
            amount: sum.amount + due.amount,
            paid: sum.paid + due.paid,
            left: sum.left + due.left,
          },
    { count: 0, amount: 0, paid: 0, left: 0 },
  );
}

/** D239: what the Dues table can show: every due, or those of one state. */
export const DUE_FILTERS = ['all', 'unpaid', 'overdue', 'paid', 'waived'] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];

const IN_FILTER: Record<DueFilter, (status: DueStatus) => boolean> = {
  all: () => true,
  unpaid: (status) => status !== 'paid' && status !== 'waived',
  overdue: isOverdue,
  paid: (status) => status === 'paid',
  waived: (status) => status === 'waived',
};

export interface DueQuery {
  /** Words of a student's name, their phone or the plan's name (any case). */
  search: string;
  status: DueFilter;
  /** A batch's key (students.ts batchKey), or null for every batch. */
  batch: string | null;
}

export const ANY_DUE: DueQuery = { search: '', status: 'all', batch: null };

const folded = (text: string) => text.toLocaleLowerCase('en-IN').replace(/\s+/g, ' ').trim();

/**
 * D239: the dues `query` picks: of its status, of its batch (by key), and whose student's name
 * or plan has every word searched for ('aarav 10' finds Aarav in 'Class 10 monthly'); a word of
 * 4 digits or more may be in the phone too ('500002'), a shorter number only in the words.
 */
export function pickDues<
  D extends {
    studentName: string;
    studentPhone: string | null;
    planName: string;
    batchKey: string | null;
    status: DueStatus;
  },
>(dues: readonly D[], query: DueQuery): D[] {
  const words = folded(query.search).split(' ').filter(Boolean);
  return dues.filter((due) => {
    if (!IN_FILTER[query.status](due.status)) return false;
    if (query.batch !== null && due.batchKey !== query.batch) return false;
    const named = folded(`${due.studentName} ${due.planName}`);
    return words.every(
      (word) =>
        named.includes(word) || (/^\d{4,}$/.test(word) && (due.studentPhone ?? '').includes(word)),
    );
  });
}
