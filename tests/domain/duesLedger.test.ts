// D237, D238, D239: how money settles dues oldest first, what a due's status reads on a day,
// and the totals row of a list of dues.
import { describe, expect, it } from 'vitest';
import {
  ANY_DUE,
  dueStatusOn,
  duesTotals,
  pickDues,
  settleOldestFirst,
  type DueQuery,
  type DueStatus,
} from '../../src/domain/duesLedger';

describe('D237 settleOldestFirst', () => {
  const dues = [
    { id: 1, amount: 200_000, paid: 50_000 },
    { id: 2, amount: 200_000, paid: 0 },
    { id: 3, amount: 200_000, paid: 0 },
  ];

  it('fills the oldest before the next gets anything', () => {
    // ₹2,500: ₹1,500 finishes February's, ₹1,000 goes to March's.
    expect(settleOldestFirst(dues, 250_000)).toEqual({
      applied: [
        { id: 1, applied: 150_000, paid: 200_000, status: 'paid' },
        { id: 2, applied: 100_000, paid: 100_000, status: 'partly_paid' },
      ],
      left: 0,
    });
  });

  it('any amount: one paisa is a part payment', () => {
    expect(settleOldestFirst(dues, 1).applied).toEqual([
      { id: 1, applied: 1, paid: 50_001, status: 'partly_paid' },
    ]);
  });

  it('says what is left over when the amount is more than is owed', () => {
    expect(settleOldestFirst(dues, 600_000).left).toBe(50_000);
  });
});

describe("D238 a due's status on a day", () => {
  it.each([
    ['open', '2025-03-05', '2025-03-05', 'open'],
    ['open', '2025-03-05', '2025-03-06', 'overdue'],
    ['partly_paid', '2025-03-05', '2025-03-04', 'partly_paid'],
    ['partly_paid', '2025-03-05', '2025-03-06', 'partly_paid_overdue'],
    ['paid', '2025-03-05', '2025-04-01', 'paid'],
    ['waived', '2025-03-05', '2025-04-01', 'waived'],
  ] as const)('%s due on %s reads on %s as %s', (status, dueDate, today, shown) => {
    expect(dueStatusOn({ status, dueDate }, today)).toBe(shown);
  });
});

describe('D239 duesTotals', () => {
  it('adds amounts, paid and left; a waived due counts only in the number', () => {
    expect(
      duesTotals([
        { amount: 200_000, paid: 50_000, left: 150_000, status: 'partly_paid_overdue' },
        { amount: 120_050, paid: 0, left: 120_050, status: 'open' },
        { amount: 100_000, paid: 0, left: 0, status: 'waived' },
      ]),
    ).toEqual({ count: 3, amount: 320_050, paid: 50_000, left: 270_050 });
  });
});

describe('D239 pickDues', () => {
  const due = (
    studentName: string,
    planName: string,
    batchKey: string | null,
    status: DueStatus,
  ) => ({
    studentName,
    studentPhone: studentName === 'Aarav Sharma' ? '9876500001' : '9876500002',
    planName,
    batchKey,
    status,
  });
  const dues = [
    due('Aarav Sharma', 'Class 10 monthly', 'class10', 'overdue'),
    due('Diya Patel', 'Class 10 monthly', 'class10', 'paid'),
    due('Kabir Rao', 'Class 9 monthly', 'class9', 'partly_paid_overdue'),
    due('Meera Iyer', 'Class 9 monthly', 'class9', 'waived'),
  ];
  const names = (query: Partial<DueQuery>) =>
    pickDues(dues, { ...ANY_DUE, ...query }).map((d) => d.studentName);

  it('finds every word of the search in the name, phone or plan, in any case', () => {
    expect(names({ search: 'aarav' })).toEqual(['Aarav Sharma']);
    expect(names({ search: ' CLASS 9 ' })).toEqual(['Kabir Rao', 'Meera Iyer']);
    expect(names({ search: '500002 diya' })).toEqual(['Diya Patel']);
    expect(names({ search: 'nobody' })).toEqual([]);
  });

  it('keeps the dues of a status: overdue whole or in part, unpaid, paid, waived', () => {
    expect(names({ status: 'overdue' })).toEqual(['Aarav Sharma', 'Kabir Rao']);
    expect(names({ status: 'unpaid' })).toEqual(['Aarav Sharma', 'Kabir Rao']);
    expect(names({ status: 'paid' })).toEqual(['Diya Patel']);
    expect(names({ status: 'waived' })).toEqual(['Meera Iyer']);
  });

  it('keeps one batch, by its key, with the other filters', () => {
    expect(names({ batch: 'class9', status: 'overdue' })).toEqual(['Kabir Rao']);
  });
});
