// Issue 14 (D145): what a fee plan is, checked before it is kept. Monthly (a fee, a due day 1-28,
// a start month), instalments (2-12 dated parts of a total) or one-time (a fee and a due date),
// for one student or for a whole batch; a part payment, if the tutor allows one, has a
// smallest amount. Nothing starts or falls due in the past (IST). Amounts arrive in whole
// rupees (the contract's BaseAmount, 1 to 50,000) and are kept in paise.
import { localeTag, textLocale } from './locale';
import { duePeriodLabel } from './duePeriod';
import { DEFAULT_REMINDER_DAYS, REMINDER_DAY_RANGE, REMINDER_DAYS_MAX } from './reminders';
import { tidyText } from './validation';
import { tutorWordsProblem, wordsForText, type TutorWordsProblem } from './tutorWords';
import {
  DUE_DAY_MAX,
  FEE_PLAN_NAME_MAX_LENGTH,
  INSTALMENTS_MAX,
  INSTALMENTS_MIN,
  PAISE_PER_RUPEE,
} from './constants';
import { studentsTexts } from './studentsTexts';
import { istDateKey, isIsoDate } from './time';

const m = studentsTexts.plans;

export const FEE_PLAN_KINDS = ['monthly', 'instalments', 'one_time'] as const;
export type FeePlanKind = (typeof FEE_PLAN_KINDS)[number];

/** A plan as the API takes one (rupees). */
export interface FeePlanInput {
  name: string;
  kind: FeePlanKind;
  student_id?: number | null;
  batch?: string | null;
  amount?: number | null;
  due_day?: number | null;
  start_month?: string | null;
  due_date?: string | null;
  instalments?: { due_date: string; amount: number }[] | null;
  partial_minimum?: number | null;
  reminder_days?: number[] | null;
}

/** A plan as it is kept (paise). */
export interface FeePlanRecord {
  name: string;
  kind: FeePlanKind;
  studentId: number | null;
  batch: string | null;
  amount: number;
  dueDay: number | null;
  startMonth: string | null;
  dueDate: string | null;
  instalments: { dueDate: string; amount: number }[] | null;
  partialMinimum: number | null;
  reminderDays: number[];
}

export type FeePlanCheck = { ok: true; value: FeePlanRecord } | { ok: false; message: string };

/** The fields each kind uses; any other is refused rather than ignored. */
const FIELDS_OF: Record<FeePlanKind, (keyof FeePlanInput)[]> = {
  monthly: ['amount', 'due_day', 'start_month'],
  one_time: ['amount', 'due_date'],
  instalments: ['instalments'],
};
const KIND_FIELDS: (keyof FeePlanInput)[] = [
  'amount',
  'due_day',
  'start_month',
  'due_date',
  'instalments',
];
const KIND_NAMES: Record<FeePlanKind, string> = {
  monthly: 'monthly',
  one_time: 'one-time',
  instalments: 'instalment',
};

const given = (value: unknown) => value !== undefined && value !== null;

/** D209: a plan's name goes into reminder texts: what it may not be, in the tutor's words. */
const NAME_PROBLEMS: Record<TutorWordsProblem, () => string> = {
  too_long: () => m.nameTooLong,
  link: () => m.nameLink,
  phone: () => m.namePhone,
  shouting: () => m.nameShouting,
};

/** The first problem of a plan's name (tidied), or null. */
function nameProblem(name: string): string | null {
  if (name === '') return m.nameRequired;
  const problem = tutorWordsProblem(name, FEE_PLAN_NAME_MAX_LENGTH);
  return problem === null ? null : NAME_PROBLEMS[problem]();
}
const paise = (rupees: number) => Math.round(rupees * PAISE_PER_RUPEE);
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Every rule of a plan; `now` decides what is past (IST). */
export function checkFeePlan(input: FeePlanInput, now: Date): FeePlanCheck {
  const refuse = (message: string): FeePlanCheck => ({ ok: false, message });
  const today = istDateKey(now);
  const name = tidyText(input.name);
  const badName = nameProblem(name);
  if (badName) return refuse(badName);
  const batch = tidyText(input.batch ?? '') || null;
  const studentId = input.student_id ?? null;
  if ((studentId === null) === (batch === null)) return refuse(m.target);
  for (const field of KIND_FIELDS) {
    if (given(input[field]) && !FIELDS_OF[input.kind].includes(field)) {
      return refuse(m.notForKind(field, KIND_NAMES[input.kind]));
    }
  }
  const reminderDays = input.reminder_days ?? [...DEFAULT_REMINDER_DAYS];
  if (!reminderDaysValid(reminderDays)) return refuse(m.reminderDays);
  const base = { name, kind: input.kind, studentId, batch, reminderDays };
  let plan: FeePlanRecord;
  if (input.kind === 'instalments') {
    const parts = input.instalments ?? [];
    if (parts.length < INSTALMENTS_MIN || parts.length > INSTALMENTS_MAX) {
      return refuse(m.instalmentCount);
    }
    if (!parts.every((p) => isIsoDate(p.due_date))) return refuse(m.dueDate);
    if (parts.some((p, i) => i > 0 && p.due_date <= parts[i - 1]!.due_date)) {
      return refuse(m.instalmentOrder);
    }
    if (parts[0]!.due_date < today) return refuse(m.duePast);
    const kept = parts.map((p) => ({ dueDate: p.due_date, amount: paise(p.amount) }));
    plan = {
      ...base,
      amount: kept.reduce((sum, p) => sum + p.amount, 0),
      dueDay: null,
      startMonth: null,
      dueDate: null,
      instalments: kept,
      partialMinimum: null,
    };
  } else {
    if (!given(input.amount)) return refuse(m.amountRequired);
    const amount = paise(input.amount!);
    if (input.kind === 'monthly') {
      const dueDay = input.due_day ?? 0;
      if (!Number.isInteger(dueDay) || dueDay < 1 || dueDay > DUE_DAY_MAX) return refuse(m.dueDay);
      const start = input.start_month ?? '';
      if (!MONTH.test(start)) return refuse(m.startMonth);
      if (start < today.slice(0, 7)) return refuse(m.startPast);
      plan = {
        ...base,
        amount,
        dueDay,
        startMonth: start,
        dueDate: null,
        instalments: null,
        partialMinimum: null,
      };
    } else {
      const dueDate = input.due_date ?? '';
      if (!isIsoDate(dueDate)) return refuse(m.dueDate);
      if (dueDate < today) return refuse(m.duePast);
      plan = {
        ...base,
        amount,
        dueDay: null,
        startMonth: null,
        dueDate,
        instalments: null,
        partialMinimum: null,
      };
    }
  }
  if (given(input.partial_minimum)) {
    const minimum = paise(input.partial_minimum!);
    if (minimum >= smallestDueOf(plan)) return refuse(m.partialMinimum);
    plan.partialMinimum = minimum;
  }
  return { ok: true, value: plan };
}

/** Up to REMINDER_DAYS_MAX whole days in REMINDER_DAY_RANGE, strictly in order. */
function reminderDaysValid(days: number[]): boolean {
  return (
    days.length <= REMINDER_DAYS_MAX &&
    days.every(
      (day, i) =>
        Number.isInteger(day) &&
        day >= REMINDER_DAY_RANGE.from &&
        day <= REMINDER_DAY_RANGE.to &&
        (i === 0 || day > days[i - 1]!),
    )
  );
}

const smallestDueOf = (plan: Pick<FeePlanRecord, 'instalments' | 'amount'>) =>
  Math.min(...(plan.instalments?.map((p) => p.amount) ?? [plan.amount]));

/** A change to a running plan as the API takes one (rupees); absent fields stay. */
export interface FeePlanChangeInput {
  name?: string;
  amount?: number;
  due_day?: number;
  /** null: no part payments any more. */
  partial_minimum?: number | null;
  reminder_days?: number[];
}

/** The fields of a kept plan a change may touch. */
export type FeePlanChange = Partial<
  Pick<FeePlanRecord, 'name' | 'amount' | 'dueDay' | 'partialMinimum' | 'reminderDays'>
>;

/**
 * D152: what may change in a running plan: its name, reminder days and part-payment minimum;
 * the fee of a monthly or one-time plan and a monthly plan's due day (an instalment plan's
 * dated parts stay as agreed: end it and make another). The result is the plan as it will be.
 */
export function checkFeePlanChange(
  plan: FeePlanRecord,
  change: FeePlanChangeInput,
): { ok: true; value: FeePlanRecord } | { ok: false; message: string } {
  const refuse = (message: string) => ({ ok: false as const, message });
  const next: FeePlanRecord = { ...plan };
  if (change.name !== undefined) {
    const name = tidyText(change.name);
    const badName = nameProblem(name);
    if (badName) return refuse(badName);
    next.name = name;
  }
  if (change.amount !== undefined) {
    if (plan.kind === 'instalments') return refuse(m.notForKind('amount', KIND_NAMES.instalments));
    next.amount = paise(change.amount);
  }
  if (change.due_day !== undefined) {
    if (plan.kind !== 'monthly') return refuse(m.notForKind('due_day', KIND_NAMES[plan.kind]));
    if (!Number.isInteger(change.due_day) || change.due_day < 1 || change.due_day > DUE_DAY_MAX) {
      return refuse(m.dueDay);
    }
    next.dueDay = change.due_day;
  }
  if (change.reminder_days !== undefined) {
    if (!reminderDaysValid(change.reminder_days)) return refuse(m.reminderDays);
    next.reminderDays = change.reminder_days;
  }
  if (change.partial_minimum !== undefined) {
    next.partialMinimum = change.partial_minimum === null ? null : paise(change.partial_minimum);
  }
  if (next.partialMinimum !== null && next.partialMinimum >= smallestDueOf(next)) {
    return refuse(m.partialMinimum);
  }
  return { ok: true, value: next };
}

/** One due a plan makes: its period, date (IST) and amount (paise). */
export interface PlannedDue {
  period: string;
  dueDate: string;
  amount: number;
}

type PlanDates = Pick<
  FeePlanRecord,
  'kind' | 'amount' | 'dueDay' | 'startMonth' | 'dueDate' | 'instalments'
>;

/** 'YYYY-MM' moved by `by` months: shiftMonth('2025-12', 1) is '2026-01'. */
export function shiftMonth(month: string, by: number): string {
  const [year, mm] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (mm - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The IST days of a month, 1st to last, as the ledger's CSV takes them. */
export function monthDays(month: string): { from: string; to: string } {
  const [year, mm] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, mm, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** 'February 2025' ('फ़रवरी 2025') of '2025-02'. */
export function monthTitle(month: string): string {
  const [year, mm] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, mm - 1, 1)).toLocaleString(localeTag(textLocale()), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * The dues a plan makes up to `horizon` (a date, IST), from `from` on (a student who joined a
 * batch later owes nothing from before): what the dues job writes, once each (D146).
 */
export function plannedDues(plan: PlanDates, horizon: string, from = ''): PlannedDue[] {
  const out: PlannedDue[] = [];
  const keep = (due: PlannedDue) => {
    if (due.dueDate <= horizon && due.dueDate >= from) out.push(due);
  };
  if (plan.kind === 'monthly' && plan.startMonth && plan.dueDay) {
    const day = String(plan.dueDay).padStart(2, '0');
    for (let month = plan.startMonth; `${month}-${day}` <= horizon; month = shiftMonth(month, 1)) {
      keep({ period: month, dueDate: `${month}-${day}`, amount: plan.amount });
    }
  } else if (plan.kind === 'instalments') {
    (plan.instalments ?? []).forEach((part, i) =>
      keep({ period: `part-${i + 1}`, dueDate: part.dueDate, amount: part.amount }),
    );
  } else if (plan.dueDate) {
    keep({ period: 'once', dueDate: plan.dueDate, amount: plan.amount });
  }
  return out;
}

/**
 * What a set of dues is for, in at most `max` characters: 'Maths (Feb 2025), Maths (Mar 2025)'.
 * D209: a plan name the rules of a platform text refuse (one kept before them) reads 'Tuition fee'.
 */
export function duesPurpose(dues: { plan: string; period: string }[], max: number): string {
  const names = dues.map(({ plan, period }) => {
    const label = duePeriodLabel(period);
    const name = wordsForText(plan, FEE_PLAN_NAME_MAX_LENGTH, studentsTexts.dues.neutralPurpose);
    return label ? `${name} (${label})` : name;
  });
  for (let shown = names.length; shown > 0; shown -= 1) {
    const rest = names.length - shown;
    const text = names.slice(0, shown).join(', ') + (rest ? ` and ${rest} more` : '');
    if (text.length <= max) return text;
  }
  const first = names[0] ?? '';
  return first.length <= max ? first : `${first.slice(0, max - 1)}…`;
}
