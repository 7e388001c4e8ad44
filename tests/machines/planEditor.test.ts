// The plan editor's form as the call it makes (D233, D234, D243), worked through.
import { describe, expect, it } from 'vitest';
import {
  buildPlanSave,
  emptyPlanForm,
  meantBatches,
  reachesNoOne,
  type PlanEditorContext,
} from '../../machines/planEditor/planEditor.machine';
import { messages } from '../../src/domain/messages';
import { studentsTexts } from '../../src/domain/studentsTexts';

const TODAY = '2025-01-15';
const context = (form: Partial<PlanEditorContext['form']>): PlanEditorContext => ({
  today: TODAY,
  editing: null,
  form: { ...emptyPlanForm(TODAY), name: 'Maths', batch: 'Class 10 Maths', ...form },
  students: [
    { id: 3, name: 'Aarav Sharma', batch: 'Class 10 Maths' },
    { id: 4, name: 'Diya Patel', batch: 'class 10  maths' },
  ],
  showErrors: true,
  saved: null,
  error: null,
  errorField: null,
});

describe('the plan editor', () => {
  it("sends a monthly plan's fee of '1200.50' as ₹1,200.50", () => {
    const built = buildPlanSave(context({ amount: '1200.50' }));
    expect(built).toMatchObject({
      ok: true,
      save: { id: null, body: { kind: 'monthly', amount: 1200.5 } },
    });
  });

  it("refuses '25oo' and '12.345' at the fee, never as 25 or 1234.5", () => {
    expect(buildPlanSave(context({ amount: '25oo' }))).toEqual({
      ok: false,
      errors: { amount: studentsTexts.plans.feeNotAmount },
    });
    expect(buildPlanSave(context({ amount: '12.345' }))).toEqual({
      ok: false,
      errors: { amount: messages.validation.amountDecimals },
    });
  });

  it('shows every problem at its field at once', () => {
    const built = buildPlanSave(context({ name: '', amount: '', due_day: '30' }));
    expect(built.ok ? {} : built.errors).toEqual({
      name: studentsTexts.plans.nameRequired,
      amount: studentsTexts.plans.amountRequired,
      due_day: studentsTexts.plans.dueDay,
    });
  });

  it('asks before a plan for a batch no current student is in, offering the one meant', () => {
    expect(reachesNoOne(context({ amount: '100', batch: 'CLASS 10 MATHS' }))).toBe(false);
    const typo = context({ amount: '100', batch: 'Class 10 Math' });
    expect(reachesNoOne(typo)).toBe(true);
    expect(meantBatches(typo).map((b) => [b.batch, b.students])).toEqual([['Class 10 Maths', 2]]);
    // Students not loaded yet: nothing to warn with.
    expect(reachesNoOne({ ...typo, students: null })).toBe(false);
  });
});
