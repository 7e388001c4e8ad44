// The fee plan editor on the Students tab (issue 14, D145, D152): a new plan (monthly,
// instalments or one-time, for a batch or one student), or a change to a running one (its
// name, fee, due day, part-payment minimum and reminder days; the rest stays as agreed).
// Every rule is the domain's (checkFeePlan, checkFeePlanChange), checked before anything is
// sent; the server checks them again.
//
//   editing ──plan.submit (valid)──▶ saving ──done──▶ editing (a new plan's empty form; 'Saved')
//      │  └─plan.submit (a problem): the message shows
//      ├─plan.edit──▶ editing (the plan's own values; only what may change is open)
//      └─plan.new──▶ editing (an empty form)
//   saving ──error──▶ failed (the server's message) ──plan.change/plan.submit──▶
//   saving ──401──▶ unauthorized (final: the page sends the tutor to login)
//
// The call is abstract (`savePlan`); `saved` (abstract) lets the page reload its plans.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { INSTALMENTS_MAX } from '../../src/domain/constants';
import {
  checkFeePlan,
  checkFeePlanChange,
  type FeePlanChangeInput,
  type FeePlanInput,
  type FeePlanKind,
  type FeePlanRecord,
} from '../../src/domain/feePlans';
import { messages } from '../../src/domain/messages';
import { parseRupeeInput, rupeesToPaise } from '../../src/domain/money';
import { DEFAULT_REMINDER_DAYS } from '../../src/domain/reminders';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { amountError, amountInput } from '../../src/domain/validation';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnauthorized, serverText } from '../shared/failure';

/** A plan as the list shows it (the API's FeePlan, rupees). */
export interface PlanShown {
  id: number;
  name: string;
  kind: FeePlanKind;
  student_id: number | null;
  batch: string | null;
  amount: number;
  due_day: number | null;
  start_month: string | null;
  due_date: string | null;
  instalments: { due_date: string; amount: number }[] | null;
  partial_minimum: number | null;
  reminder_days: number[];
  ended_at: string | null;
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
  | 'due_date'
  | 'partial_minimum'
  | 'reminder_days';

export type PlanForm = Record<PlanField, string> & {
  parts: { due_date: string; amount: string }[];
};

export interface PlanEditorContext {
  /** The IST day: nothing starts or falls due before it. */
  today: string;
  /** The plan being changed, or null for a new one. */
  editing: PlanShown | null;
  form: PlanForm;
  /** The first problem shows once a save was refused. */
  showErrors: boolean;
  /** The name of the plan just saved. */
  saved: string | null;
  /** Why the server refused (tag `error`). */
  error: string | null;
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
  | { type: 'plan.submit' };

const AMOUNT_FIELDS: PlanField[] = ['amount', 'partial_minimum'];
const rupeesText = (rupees: number | null) => (rupees === null ? '' : String(rupees));

export const emptyPlanForm = (today: string): PlanForm => ({
  name: '',
  kind: 'monthly',
  target: 'batch',
  batch: '',
  student_id: '',
  amount: '',
  due_day: '5',
  start_month: today.slice(0, 7),
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
  due_day: rupeesText(plan.due_day),
  start_month: plan.start_month ?? '',
  due_date: plan.due_date ?? '',
  partial_minimum: rupeesText(plan.partial_minimum),
  reminder_days: plan.reminder_days.join(', '),
  parts: (plan.instalments ?? []).map((p) => ({ due_date: p.due_date, amount: String(p.amount) })),
});

/** What stays as agreed while a running plan is changed (D152): the form shows it greyed. */
export const fieldFixed = (context: Pick<PlanEditorContext, 'editing'>, field: PlanField) =>
  context.editing !== null &&
  (['kind', 'target', 'batch', 'student_id', 'start_month', 'due_date'] as PlanField[]).includes(
    field,
  );

/** What each field keeps of what was typed. */
export function planInput(field: PlanField, raw: string): string {
  if (AMOUNT_FIELDS.includes(field)) return amountInput(raw);
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

type Built = { ok: true; save: PlanSave } | { ok: false; message: string };

/** Rupees of an amount field, or the amount rule's message. */
function rupeesOf(text: string): { ok: true; rupees: number } | { ok: false; message: string } {
  const paise = parseRupeeInput(text);
  const problem = amountError(paise);
  return problem ? { ok: false, message: problem } : { ok: true, rupees: paise! / 100 };
}

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
  dueDate: plan.due_date,
  instalments:
    plan.instalments?.map((p) => ({ dueDate: p.due_date, amount: rupeesToPaise(p.amount) })) ??
    null,
  partialMinimum: plan.partial_minimum === null ? null : rupeesToPaise(plan.partial_minimum),
  reminderDays: plan.reminder_days,
});

/** The form as the call it makes, checked by the domain's rules; or the first problem. */
export function buildPlanSave(context: PlanEditorContext): Built {
  const { form, editing, today } = context;
  const days = reminderDaysOf(form.reminder_days);
  if (days === null) return { ok: false, message: studentsTexts.plans.reminderDays };
  let minimum: number | null = null;
  if (form.partial_minimum !== '') {
    const parsed = rupeesOf(form.partial_minimum);
    if (!parsed.ok) return parsed;
    minimum = parsed.rupees;
  }
  const kind = form.kind as FeePlanKind;
  const usesAmount = kind !== 'instalments';
  let amount: number | undefined;
  if (usesAmount) {
    const parsed = rupeesOf(form.amount);
    if (!parsed.ok) return parsed;
    amount = parsed.rupees;
  }
  if (editing) {
    const change: FeePlanChangeInput = {
      name: form.name,
      reminder_days: days,
      partial_minimum: minimum,
      ...(usesAmount ? { amount } : {}),
      ...(kind === 'monthly' ? { due_day: Number(form.due_day) } : {}),
    };
    const checked = checkFeePlanChange(recordOf(editing), change);
    return checked.ok ? { ok: true, save: { id: editing.id, body: change } } : checked;
  }
  const parts: { due_date: string; amount: number }[] = [];
  if (kind === 'instalments') {
    for (const part of form.parts) {
      const parsed = rupeesOf(part.amount);
      if (!parsed.ok) return parsed;
      parts.push({ due_date: part.due_date, amount: parsed.rupees });
    }
  }
  const forBatch = form.target === 'batch';
  const body: FeePlanInput = {
    name: form.name,
    kind,
    batch: forBatch ? form.batch : null,
    student_id: forBatch || form.student_id === '' ? null : Number(form.student_id),
    reminder_days: days,
    partial_minimum: minimum,
    ...(kind === 'monthly'
      ? { amount, due_day: Number(form.due_day), start_month: form.start_month }
      : kind === 'one_time'
        ? { amount, due_date: form.due_date }
        : { instalments: parts }),
  };
  const checked = checkFeePlan(body, new Date(`${today}T12:00:00+05:30`));
  return checked.ok ? { ok: true, save: { id: null, body } } : checked;
}

/** The message to show: none until a save was refused. */
export const shownPlanProblem = (context: PlanEditorContext): string | null => {
  if (!context.showErrors) return null;
  const built = buildPlanSave(context);
  return built.ok ? null : built.message;
};

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;
const fresh = { showErrors: false, error: null, saved: null };

export const planEditorMachine = setup({
  types: {
    context: {} as PlanEditorContext,
    events: {} as PlanEditorEvent,
    input: {} as { today: string },
  },
  actors: {
    savePlan: abstractPromise<{ name: string }, PlanSave>('savePlan'),
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
          [event.field]: event.field === 'amount' ? amountInput(event.value) : event.value,
        };
      }
      return { form, error: null, saved: null };
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
    /** Abstract: a plan was saved: reload the list. */
    saved: () => notProvided('saved'),
  },
  guards: {
    valid: ({ context }) => buildPlanSave(context).ok,
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
  },
}).createMachine({
  id: 'planEditor',
  description: 'Make a fee plan, or change a running one (D145, D152).',
  context: ({ input }) => ({
    today: input.today,
    editing: null,
    form: emptyPlanForm(input.today),
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
        'plan.submit': [
          { guard: 'valid', target: 'saving' },
          { actions: assign({ showErrors: true }) },
        ],
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
              saved: event.output.name,
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
        'plan.submit': { target: 'saving', actions: assign({ error: null }) },
      },
    },
    unauthorized: { type: 'final' },
  },
});

export type PlanEditorActorRef = ActorRefFrom<typeof planEditorMachine>;
export type PlanEditorSnapshot = SnapshotFrom<typeof planEditorMachine>;
