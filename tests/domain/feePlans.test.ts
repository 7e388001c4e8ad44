// Issue 14 (D145) and 48: a fee plan's rules, worked through: amounts in rupees and paise
// (D233), every problem at its field (D243), a last month (D235), who owes from when (D230),
// and what a long list of dues reads as in each language (D240).
import { describe, expect, it } from 'vitest';
import {
  checkFeePlan,
  checkFeePlanChange,
  duesFrom,
  duesPurpose,
  feeAmount,
  plannedDues,
  type FeePlanInput,
} from '../../src/domain/feePlans';
import { readIn } from '../../src/domain/locale';
import { messages } from '../../src/domain/messages';
import { studentsTexts } from '../../src/domain/studentsTexts';

const m = studentsTexts.plans;
/** 15 February 2025, noon IST. */
const NOW = new Date('2025-02-15T12:00:00+05:30');
const monthly: FeePlanInput = {
  name: 'Class 10 monthly',
  kind: 'monthly',
  batch: 'Class 10',
  amount: 1200.5,
  due_day: 5,
  start_month: '2025-03',
};

describe('D233 fee amounts', () => {
  it('keeps 1200.50 as 120050 paise', () => {
    const checked = checkFeePlan(monthly, NOW);
    expect(checked.ok && checked.value.amount).toBe(120050);
  });

  it.each([
    [0.5, messages.validation.amountMin],
    [50000.01, messages.validation.amountMax],
    [12.345, messages.validation.amountDecimals],
  ])('refuses ₹%s at the amount', (amount, message) => {
    expect(feeAmount(amount)).toMatchObject({ message });
    expect(checkFeePlan({ ...monthly, amount }, NOW)).toEqual({
      ok: false,
      errors: [expect.objectContaining({ field: 'amount', message })],
    });
  });
});

describe('D243 every problem at its field, all at once', () => {
  it('names each field that is wrong, with its code', () => {
    const checked = checkFeePlan(
      { ...monthly, name: ' ', amount: null, due_day: 31, start_month: '2025-01' },
      NOW,
    );
    expect(checked).toEqual({
      ok: false,
      errors: [
        { field: 'name', message: m.nameRequired, code: 'plans.nameRequired' },
        { field: 'amount', message: m.amountRequired, code: 'plans.amountRequired' },
        { field: 'due_day', message: m.dueDay, code: 'plans.dueDay' },
        { field: 'start_month', message: m.startPast, code: 'plans.startPast' },
      ],
    });
  });

  it('puts an instalment problem at that instalment', () => {
    const checked = checkFeePlan(
      {
        name: 'Term',
        kind: 'instalments',
        batch: 'Class 10',
        instalments: [
          { due_date: '2025-03-01', amount: 1000 },
          { due_date: '2025-02-20', amount: 1000.123 },
        ],
      },
      NOW,
    );
    expect(checked.ok ? [] : checked.errors.map((e) => e.field)).toEqual([
      'instalments.1.amount',
      'instalments.1.due_date',
    ]);
  });
});

describe('D235 a monthly plan may end at a month', () => {
  it('makes no dues after its last month (a year from April to March)', () => {
    const checked = checkFeePlan({ ...monthly, start_month: '2025-04', end_month: '2026-03' }, NOW);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const months = plannedDues(checked.value, '2026-12-31').map((due) => due.period);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-04');
    expect(months.at(-1)).toBe('2026-03');
  });

  it('refuses a last month before the first, or on a plan of another kind', () => {
    expect(checkFeePlan({ ...monthly, end_month: '2025-02' }, NOW)).toMatchObject({
      ok: false,
      errors: [{ field: 'end_month', message: m.endBeforeStart }],
    });
    expect(
      checkFeePlan(
        {
          name: 'Once',
          kind: 'one_time',
          batch: 'X',
          amount: 100,
          due_date: '2025-03-01',
          end_month: '2025-04',
        },
        NOW,
      ),
    ).toMatchObject({ ok: false, errors: [{ field: 'end_month' }] });
  });

  it('a change may set or clear the last month, not before this month', () => {
    const plan = checkFeePlan(monthly, NOW);
    if (!plan.ok) throw new Error('the plan is valid');
    const changed = checkFeePlanChange(plan.value, { end_month: '2025-06' }, NOW);
    expect(changed.ok && changed.value.endMonth).toBe('2025-06');
    const cleared = checkFeePlanChange(
      { ...plan.value, endMonth: '2025-06' },
      { end_month: null },
      NOW,
    );
    expect(cleared.ok && cleared.value.endMonth).toBeNull();
    expect(checkFeePlanChange(plan.value, { end_month: '2025-01' }, NOW)).toMatchObject({
      ok: false,
      errors: [{ field: 'end_month', message: m.endBeforeStart }],
    });
  });
});

describe('D230 who owes a plan from when', () => {
  const made = new Date('2025-02-01T10:00:00+05:30');
  const batchPlan = { studentId: null, createdAt: made };
  const onePlan = { studentId: 7, createdAt: made };
  const before = new Date('2025-01-10T10:00:00+05:30');

  it('a student there before the plan owes all of it', () => {
    expect(duesFrom(batchPlan, { batchSince: before, activeSince: before })).toBe('');
  });

  it('a student who joined the batch later owes from that day', () => {
    const moved = new Date('2025-03-12T10:00:00+05:30');
    expect(duesFrom(batchPlan, { batchSince: moved, activeSince: before })).toBe('2025-03-12');
    // A move to another batch does not touch the student's own plan.
    expect(duesFrom(onePlan, { batchSince: moved, activeSince: before })).toBe('');
  });

  it('a student who came back owes every plan from the day they came back', () => {
    const back = new Date('2025-06-02T09:00:00+05:30');
    expect(duesFrom(batchPlan, { batchSince: before, activeSince: back })).toBe('2025-06-02');
    expect(duesFrom(onePlan, { batchSince: before, activeSince: back })).toBe('2025-06-02');
  });
});

describe("D240 what dues are for, in the reader's language", () => {
  const dues = [
    { plan: 'Maths', period: '2025-02' },
    { plan: 'Maths', period: '2025-03' },
    { plan: 'Maths', period: '2025-04' },
  ];

  it('ends a long list with the rest counted, in English and in Hindi', () => {
    expect(duesPurpose(dues, 40)).toBe('Maths (Feb 2025) and 2 more');
    const hindi = readIn('hi', () => duesPurpose(dues, 40));
    expect(hindi).toMatch(/और 2 अन्य$/);
    expect(hindi).not.toMatch(/ and \d+ more/);
  });
});
