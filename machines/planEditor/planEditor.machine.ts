// The fee plan editor on the Students tab (issue 14, D145, D152): a new plan (monthly,
// instalments or one-time, for a batch or one student), or a change to a running one (its
// name, fee, due day, last month, part-payment minimum and reminder days; the rest stays as
// agreed). Every rule is the domain's (checkFeePlan, checkFeePlanChange, rupeesField), checked
// before anything is sent; the server checks them again. D243: each problem shows at its field,
// all of them at once, the server's too when it names the field. D234: a batch plan no current
// student is in asks first, naming the batches it was likely meant to be.
//
//   editing ──plan.submit (valid)──▶ saving ──done──▶ editing (a new plan's empty form; 'Saved')
//      │  ├─plan.submit (valid, a batch no student is in)──▶ confirmingEmpty
//      │  └─plan.submit (a problem): every field's message shows
//      ├─plan.edit──▶ editing (the plan's own values; only what may change is open)
//      ├─plan.students: the tutor's current students (every one, D232)
//      └─plan.new──▶ editing (an empty form)
//   confirmingEmpty ──plan.confirm──▶ saving; ──plan.back──▶ editing;
//                   ──plan.change (a batch it offers)──▶ editing
//   saving ──error──▶ failed (the server's message, at its field) ──plan.change/plan.submit──▶
//   saving ──401──▶ unauthorized (final: the page sends the tutor to login)
//
// The call is abstract (`savePlan`); `saved` (abstract) lets the page reload its plans.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { INSTALMENTS_MAX } from '../../src/domain/constants';
import {
  checkFeePlan,
  checkFeePlanChange,
  isSaid,
  rupeesField,
  type FeePlanChangeInput,
  type FeePlanInput,
  type FeePlanKind,
  type FeePlanRecord,
} from '../../src/domain/feePlans';
import { messages } from '../../src/domain/messages';
import { paiseToRupeesText, rupeesToPaise } from '../../src/domain/money';
import { DEFAULT_REMINDER_DAYS } from '../../src/domain/reminders';
import { batchesOf, batchKey, nearBatches, type BatchCount } from '../../src/domain/students';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { coded } from '../../src/domain/texts';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnauthorized, serverField, serverText } from '../shared/failure';

/** A plan as the list shows it (the API's FeePlan, rupees). */
export interface PlanShown {
  id: number;
  name: string;
  kind: FeePlanKind;
  student_id: number | null;
  student_name: string | null;
  batch: string | null;
  students: number;
  amount: number;
  due_day: number | null;
  start_month: string | null;
  end_month: string | null;
  due_date: string | null;
  instalments: { due_date: string; amount: number }[] | null;
  partial_minimum: number | null;
  reminder_days: number[];
  ended_at: string | null;
}

/** A student the plan may be for (the API's StudentChoice). */
export interface StudentChoice {
  id: number;
  name: string;
  batch: string | null;
}

export type PlanField =
  | 'name'
  | 'kind'
  | 'target'
  | 'batch'
  | 'student_id'
  | 'amount'
  | 'due_day'
  | 'start_month'
  | 'end_month'
  | 'due_date'
  | 'partial_minimum'
  | 'reminder_days';

export type PlanForm = Record<PlanField, string> & {
  parts: { due_date: string; amount: string }[];
};

/** Each field's message by the contract's name ('amount', 'instalments.1.amount'). */
export type PlanErrors = Partial<Record<string, string>>;

export interface PlanEditorContext {
  /** The IST day: nothing starts or falls due before it. */
  today: string;
  /** The plan being changed, or null for a new one. */
  editing: PlanShown | null;
  form: PlanForm;
  /** The tutor's current students, once loaded (null: not known yet). */
  students: StudentChoice[] | null;
  /** Every field's message shows once a save was refused. */
  showErrors: boolean;
  /** The plan just saved: its name and how many students it reaches now. */
  saved: { name: string; students: number } | null;
  /** Why the server refused (tag `error`), and the field it named, if any. */
  error: string | null;
  errorField: string | null;
}

/** What is sent: a new plan, or a change to plan `id`. */
export type PlanSave = { id: null; body: FeePlanInput } | { id: number; body: FeePlanChangeInput };

export type PlanEditorEvent =
  | { type: 'plan.change'; field: PlanField; value: string }
  | { type: 'plan.part.add' }
  | { type: 'plan.part.remove'; index: number }
  | { type: 'plan.part.change'; index: number; field: 'due_date' | 'amount'; value: string }
  | { type: 'plan.edit'; plan: PlanShown }
  | { type: 'plan.new' }
  | { type: 'plan.students'; students: StudentChoice[] }
  | { type: 'plan.submit' }
  | { type: 'plan.confirm' }
  | { type: 'plan.back' };

/** The longest text an amount field keeps ('1,00,000.00' and a sign fit). */
const AMOUNT_TEXT_MAX = 16;
const rupeesText = (rupees: number | null) =>
  rupees === null ? '' : paiseToRupeesText(rupeesToPaise(rupees));

export const emptyPlanForm = (today: string): PlanForm => ({
  name: '',
  kind: 'monthly',
  target: 'batch',
  batch: '',
  student_id: '',
  amount: '',
  due_day: '5',
  start_month: today.slice(0, 7),
  end_month: '',
  due_date: today,
  partial_minimum: '',
  reminder_days: DEFAULT_REMINDER_DAYS.join(', '),
  parts: [
    { due_date: '', amount: '' },
    { due_date: '', amount: '' },
  ],
});

/** A plan's own values in the form (changing it). */
export const planFormOf = (plan: PlanShown, today: string): PlanForm => ({
  ...emptyPlanForm(today),
  name: plan.name,
  kind: plan.kind,
  target: plan.student_id === null ? 'batch' : 'student',
  batch: plan.batch ?? '',
  student_id: plan.student_id === null ? '' : String(plan.student_id),
  amount: rupeesText(plan.kind === 'instalments' ? null : plan.amount),
  due_day: plan.due_day === null ? '' : String(plan.due_day),
  start_month: plan.start_month ?? '',
  end_month: plan.end_month ?? '',
  due_date: plan.due_date ?? '',
  partial_minimum: rupeesText(plan.partial_minimum),
  reminder_days: plan.reminder_days.join(', '),
  parts: (plan.instalments ?? []).map((p) => ({
    due_date: p.due_date,
    amount: rupeesText(p.amount),
  })),
});

/** What stays as agreed while a running plan is changed (D152): the form shows it greyed. */
export const fieldFixed = (context: Pick<PlanEditorContext, 'editing'>, field: PlanField) =>
  context.editing !== null &&
  (['kind', 'target', 'batch', 'student_id', 'start_month', 'due_date'] as PlanField[]).includes(
    field,
  );

/** What each field keeps of what was typed: amounts as typed (D233: read, never rewritten). */
export function planInput(field: PlanField, raw: string): string {
  if (field === 'amount' || field === 'partial_minimum') return raw.slice(0, AMOUNT_TEXT_MAX);
  if (field === 'due_day') return raw.replace(/\D/g, '').slice(0, 2);
  return raw;
}

/** '-3, 0, 3, 7' to days; null when a piece is not a whole number. */
export function reminderDaysOf(text: string): number[] | null {
  const pieces = text
    .replace(/\u2212/g, '-')
    .split(/[\s,]+/)
    .filter(Boolean);
  if (!pieces.every((p) => /^[+-]?\d{1,3}$/.test(p))) return null;
  return pieces.map(Number);
}

type Built = { ok: true; save: PlanSave } | { ok: false; errors: PlanErrors };

const recordOf = (plan: PlanShown): FeePlanRecord => ({
  name: plan.name,
  kind: plan.kind,
  studentId: plan.student_id,
  batch: plan.batch,
  amount: rupeesToPaise(
    plan.instalments ? plan.instalments.reduce((sum, p) => sum + p.amount, 0) : plan.amount,
  ),
  dueDay: plan.due_day,
  startMonth: plan.start_month,
  endMonth: plan.end_month,
  dueDate: plan.due_date,
  instalments:
    plan.instalments?.map((p) => ({ dueDate: p.due_date, amount: rupeesToPaise(p.amount) })) ??
    null,
  partialMinimum: plan.partial_minimum === null ? null : rupeesToPaise(plan.partial_minimum),
  reminderDays: plan.reminder_days,
});

/** The IST noon of `today`: what the domain's rules call now. */
const noonOf = (today: string) => new Date(`${today}T12:00:00+05:30`);

/**
 * The form as the call it makes, checked by the domain's rules; or every field's problem.
 * An amount field's text that is not rupees and paise is its own problem (D233), before the
 * plan's rules see a number.
 */
export function buildPlanSave(context: PlanEditorContext): Built {
  const { form, editing, today } = context;
  const errors: PlanErrors = {};
  const fail = (field: string, message: string) => {
    errors[field] ??= message;
  };
  const required = () => coded(studentsTexts.plans).amountRequired;
  /** Rupees of an amount text, or undefined with its problem noted. */
  const rupeesOf = (field: string, text: string): number | undefined => {
    const read = rupeesField(text, required);
    if (isSaid(read)) {
      fail(field, read.message);
      return undefined;
    }
    return read.paise / 100;
  };
  const days = reminderDaysOf(form.reminder_days);
  if (days === null) fail('reminder_days', studentsTexts.plans.reminderDays);
  const minimum =
    form.partial_minimum.trim() === '' ? null : rupeesOf('partial_minimum', form.partial_minimum);
  const kind = form.kind as FeePlanKind;
  const usesAmount = kind !== 'instalments';
  const amount = usesAmount ? rupeesOf('amount', form.amount) : undefined;
  const endMonth = form.end_month.trim() === '' ? null : form.end_month;
  const collect = (
    checked: { ok: true } | { ok: false; errors: { field: string; message: string }[] },
  ) => {
    if (!checked.ok) for (const e of checked.errors) fail(e.field, e.message);
  };
  if (editing) {
    const change: FeePlanChangeInput = {
      name: form.name,
      reminder_days: days ?? [],
      partial_minimum: minimum ?? null,
      ...(usesAmount && amount !== undefined ? { amount } : {}),
      ...(kind === 'monthly' ? { due_day: Number(form.due_day), end_month: endMonth } : {}),
    };
    collect(checkFeePlanChange(recordOf(editing), change, noonOf(today)));
    return Object.keys(errors).length > 0
      ? { ok: false, errors }
      : { ok: true, save: { id: editing.id, body: change } };
  }
  // Only an instalment plan has parts to read (a monthly plan's hidden ones are no problem).
  const parts =
    kind === 'instalments'
      ? form.parts.map((part, i) => ({
          due_date: part.due_date,
          amount: rupeesOf(`instalments.${i}.amount`, part.amount) ?? 0,
        }))
      : [];
  const forBatch = form.target === 'batch';
  const body: FeePlanInput = {
    name: form.name,
    kind,
    batch: forBatch ? form.batch : null,
    student_id: forBatch || form.student_id === '' ? null : Number(form.student_id),
    reminder_days: days ?? [],
    partial_minimum: minimum ?? null,
    ...(kind === 'monthly'
      ? {
          amount: amount ?? null,
          due_day: Number(form.due_day),
          start_month: form.start_month,
          end_month: endMonth,
        }
      : kind === 'one_time'
        ? { amount: amount ?? null, due_date: form.due_date }
        : { instalments: parts }),
  };
  collect(checkFeePlan(body, noonOf(today)));
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, save: { id: null, body } };
}

/** The field a form shows an error at: the form's own name for a contract field. */
export const formFieldOf = (field: string): string => (field === 'instalments' ? 'parts' : field);

/** The messages to show, by field: none until a save was refused; the server's at its field. */
export const shownPlanErrors = (context: PlanEditorContext): PlanErrors => {
  const shown: PlanErrors = {};
  if (context.showErrors) {
    const built = buildPlanSave(context);
    if (!built.ok) Object.assign(shown, built.errors);
  }
  if (context.error && context.errorField) shown[context.errorField] ??= context.error;
  return shown;
};

/** The current students' batches, each once (D234); empty until the students are known. */
export const knownBatches = (context: Pick<PlanEditorContext, 'students'>): BatchCount[] =>
  batchesOf(context.students ?? []);

/** D234: a new batch plan whose batch no current student is in (known only once loaded). */
export function reachesNoOne(context: PlanEditorContext): boolean {
  if (context.editing || context.form.target !== 'batch' || context.students === null) return false;
  const key = batchKey(context.form.batch);
  return key !== null && !knownBatches(context).some((b) => b.key === key);
}

/** The batches a batch no one is in was likely meant to be ('Class 10 Maths'). */
export const meantBatches = (context: PlanEditorContext): BatchCount[] =>
  nearBatches(context.form.batch, knownBatches(context));

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;
const fresh = { showErrors: false, error: null, errorField: null, saved: null };

export const planEditorMachine = setup({
  types: {
    context: {} as PlanEditorContext,
    events: {} as PlanEditorEvent,
    input: {} as { today: string; students?: StudentChoice[] | null },
  },
  actors: {
    savePlan: abstractPromise<{ name: string; students: number }, PlanSave>('savePlan'),
  },
  actions: {
    change: assign(({ context, event }) => {
      const form = { ...context.form, parts: [...context.form.parts] };
      if (event.type === 'plan.change') form[event.field] = planInput(event.field, event.value);
      if (event.type === 'plan.part.add' && form.parts.length < INSTALMENTS_MAX) {
        form.parts.push({ due_date: '', amount: '' });
      }
      if (event.type === 'plan.part.remove') form.parts.splice(event.index, 1);
      if (event.type === 'plan.part.change' && form.parts[event.index]) {
        form.parts[event.index] = {
          ...form.parts[event.index]!,
          [event.field]: event.field === 'amount' ? planInput('amount', event.value) : event.value,
        };
      }
      return { form, error: null, errorField: null, saved: null };
    }),
    edit: assign(({ context, event }) =>
      event.type === 'plan.edit'
        ? { editing: event.plan, form: planFormOf(event.plan, context.today), ...fresh }
        : {},
    ),
    startNew: assign(({ context }) => ({
      editing: null,
      form: emptyPlanForm(context.today),
      ...fresh,
    })),
    students: assign(({ event }) =>
      event.type === 'plan.students' ? { students: event.students } : {},
    ),
    /** Abstract: a plan was saved: reload the list. */
    saved: () => notProvided('saved'),
  },
  guards: {
    valid: ({ context }) => buildPlanSave(context).ok,
    /** Valid, but for a batch no current student is in: ask first (D234). */
    validForNoOne: ({ context }) => buildPlanSave(context).ok && reachesNoOne(context),
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
  },
}).createMachine({
  id: 'planEditor',
  description: 'Make a fee plan, or change a running one (D145, D152, D234).',
  context: ({ input }) => ({
    today: input.today,
    editing: null,
    form: emptyPlanForm(input.today),
    students: input.students ?? null,
    ...fresh,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'plan.edit': { target: 'editing', actions: 'edit' },
        'plan.new': { target: 'editing', actions: 'startNew' },
        'plan.change': { actions: 'change' },
        'plan.part.add': { actions: 'change' },
        'plan.part.remove': { actions: 'change' },
        'plan.part.change': { actions: 'change' },
        'plan.students': { actions: 'students' },
        'plan.submit': [
          { guard: 'validForNoOne', target: 'confirmingEmpty' },
          { guard: 'valid', target: 'saving' },
          { actions: assign({ showErrors: true }) },
        ],
      },
    },
    confirmingEmpty: {
      on: {
        'plan.confirm': { target: 'saving' },
        'plan.back': { target: 'editing' },
        'plan.change': { target: 'editing', actions: 'change' },
      },
    },
    saving: {
      tags: 'loading',
      invoke: {
        id: 'savePlan',
        src: 'savePlan',
        input: ({ context }) => {
          const built = buildPlanSave(context);
          if (!built.ok) throw new Error('savePlan: the form was checked before saving');
          return built.save;
        },
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context, event }) => ({
              editing: null,
              form: emptyPlanForm(context.today),
              ...fresh,
              saved: { name: event.output.name, students: event.output.students },
            })),
            'saved',
          ],
        },
        onError: [
          { guard: 'unauthorized', target: 'unauthorized' },
          {
            target: 'failed',
            actions: assign({
              error: ({ event }) => serverText(errorOf(event), messages.generic.somethingWrong),
              errorField: ({ event }) => serverField(errorOf(event)),
            }),
          },
        ],
      },
    },
    failed: {
      tags: 'error',
      on: {
        'plan.edit': { target: 'editing', actions: 'edit' },
        'plan.new': { target: 'editing', actions: 'startNew' },
        'plan.change': { target: 'editing', actions: 'change' },
        'plan.part.add': { target: 'editing', actions: 'change' },
        'plan.part.remove': { target: 'editing', actions: 'change' },
        'plan.part.change': { target: 'editing', actions: 'change' },
        'plan.students': { actions: 'students' },
        'plan.submit': { target: 'saving', actions: assign({ error: null, errorField: null }) },
      },
    },
    unauthorized: { type: 'final' },
  },
});

export type PlanEditorActorRef = ActorRefFrom<typeof planEditorMachine>;
export type PlanEditorSnapshot = SnapshotFrom<typeof planEditorMachine>;
