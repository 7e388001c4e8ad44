// Issue 14 (D145): what a fee plan is, checked before it is kept. Monthly (a fee, a due day 1-28,
// a start month and, D235, maybe a last month), instalments (2-12 dated parts of a total) or
// one-time (a fee and a due date), for one student or for a whole batch; a part payment, if the
// tutor allows one, has a smallest amount. Nothing starts or falls due in the past (IST).
// D233: amounts arrive in rupees and paise (the contract's FeeAmount, ₹1 to ₹50,000 with at most
// 2 decimals) and are kept in paise. D243: every problem names its field, all found at once.
import { localeTag, textLocale } from './locale';
import { duePeriodLabel } from './duePeriod';
import { DEFAULT_REMINDER_DAYS, REMINDER_DAY_RANGE, REMINDER_DAYS_MAX } from './reminders';
import { tidyText } from './validation';
import { tutorWordsProblem, wordsForText, type TutorWordsProblem } from './tutorWords';
import {
  AMOUNT_MAX_PAISE,
  AMOUNT_MIN_PAISE,
  DUE_DAY_MAX,
  FEE_PLAN_NAME_MAX_LENGTH,
  INSTALMENTS_MAX,
  INSTALMENTS_MIN,
} from './constants';
import { messages } from './messages';
import { rupeesTextToPaise, rupeesToPaiseOrNull, type Paise } from './money';
import { studentsTexts } from './studentsTexts';
import { coded, type Said } from './texts';
import { istDateKey, isIsoDate } from './time';

const m = studentsTexts.plans;
const said = () => coded(m);

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
  end_month?: string | null;
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
  /** D235: a monthly plan's last month ('YYYY-MM'), or null: it runs until ended. */
  endMonth: string | null;
  dueDate: string | null;
  instalments: { dueDate: string; amount: number }[] | null;
  partialMinimum: number | null;
  reminderDays: number[];
}

/** D243: a plan's problem at its field (the contract's name: 'amount', 'instalments.1.amount'). */
export interface PlanError extends Said {
  field: string;
}

export type FeePlanCheck = { ok: true; value: FeePlanRecord } | { ok: false; errors: PlanError[] };

/** The fields each kind uses; any other is refused rather than ignored. */
const FIELDS_OF: Record<FeePlanKind, (keyof FeePlanInput)[]> = {
  monthly: ['amount', 'due_day', 'start_month', 'end_month'],
  one_time: ['amount', 'due_date'],
  instalments: ['instalments'],
};
const KIND_FIELDS: (keyof FeePlanInput)[] = [
  'amount',
  'due_day',
  'start_month',
  'end_month',
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
const NAME_PROBLEMS: Record<TutorWordsProblem, () => Said> = {
  too_long: () => said().nameTooLong,
  link: () => said().nameLink,
  phone: () => said().namePhone,
  shouting: () => said().nameShouting,
};

/** The first problem of a plan's name (tidied), or null. */
function nameProblem(name: string): Said | null {
  if (name === '') return said().nameRequired;
  const problem = tutorWordsProblem(name, FEE_PLAN_NAME_MAX_LENGTH);
  return problem === null ? null : NAME_PROBLEMS[problem]();
}
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** D233: rupees (at most 2 decimals) as paise within ₹1-₹50,000, or the amount's problem. */
export function feeAmount(rupees: number | null | undefined): { paise: Paise } | Said {
  if (rupees === null || rupees === undefined) return said().amountRequired;
  const paise = rupeesToPaiseOrNull(rupees);
  const v = coded(messages).validation;
  if (paise === null) return v.amountDecimals;
  if (paise < AMOUNT_MIN_PAISE) return v.amountMin;
  if (paise > AMOUNT_MAX_PAISE) return v.amountMax;
  return { paise };
}

export const isSaid = (value: object): value is Said => 'code' in value;

/**
 * D233: an amount field's text ('1200.50') as paise, or the words for what is wrong with it
 * ('25oo' is not an amount; '12.345' has too many decimals); `required` when it is empty.
 */
export function rupeesField(text: string, required: () => Said): { paise: Paise } | Said {
  const read = rupeesTextToPaise(text);
  if (read.ok) return { paise: read.paise };
  if (read.problem === 'empty') return required();
  return read.problem === 'decimals'
    ? coded(messages).validation.amountDecimals
    : said().feeNotAmount;
}

/** A month's problem: its format, not before `from` (this month), not before the first. */
function lastMonthProblem(end: string, start: string, thisMonth: string): Said | null {
  if (!MONTH.test(end)) return said().endMonth;
  if (end < start || end < thisMonth) return said().endBeforeStart;
  return null;
}

/** Every rule of a plan; `now` decides what is past (IST). */
export function checkFeePlan(input: FeePlanInput, now: Date): FeePlanCheck {
  const errors: PlanError[] = [];
  const problem = (field: string, found: Said | null) => {
    if (found && !errors.some((e) => e.field === field)) errors.push({ field, ...found });
  };
  const today = istDateKey(now);
  const name = tidyText(input.name);
  problem('name', nameProblem(name));
  const batch = tidyText(input.batch ?? '') || null;
  const studentId = input.student_id ?? null;
  if ((studentId === null) === (batch === null)) {
    problem(studentId === null ? 'batch' : 'student_id', said().target);
  }
  for (const field of KIND_FIELDS) {
    if (given(input[field]) && !FIELDS_OF[input.kind].includes(field)) {
      problem(field, said().notForKind(field, KIND_NAMES[input.kind]));
    }
  }
  const reminderDays = input.reminder_days ?? [...DEFAULT_REMINDER_DAYS];
  problem('reminder_days', reminderDaysValid(reminderDays) ? null : said().reminderDays);
  const plan: FeePlanRecord = {
    name,
    kind: input.kind,
    studentId,
    batch,
    reminderDays,
    amount: 0,
    dueDay: null,
    startMonth: null,
    endMonth: null,
    dueDate: null,
    instalments: null,
    partialMinimum: null,
  };
  if (input.kind === 'instalments') {
    const parts = input.instalments ?? [];
    if (parts.length < INSTALMENTS_MIN || parts.length > INSTALMENTS_MAX) {
      problem('instalments', said().instalmentCount);
    }
    const kept = parts.map((part, i) => {
      const amount = feeAmount(part.amount);
      if (isSaid(amount)) problem(`instalments.${i}.amount`, amount);
      if (!isIsoDate(part.due_date)) problem(`instalments.${i}.due_date`, said().dueDate);
      else if (i > 0 && part.due_date <= parts[i - 1]!.due_date) {
        problem(`instalments.${i}.due_date`, said().instalmentOrder);
      } else if (i === 0 && part.due_date < today) {
        problem(`instalments.${i}.due_date`, said().duePast);
      }
      return { dueDate: part.due_date, amount: isSaid(amount) ? 0 : amount.paise };
    });
    plan.instalments = kept;
    plan.amount = kept.reduce((sum, p) => sum + p.amount, 0);
  } else {
    const amount = feeAmount(input.amount);
    if (isSaid(amount)) problem('amount', amount);
    else plan.amount = amount.paise;
    if (input.kind === 'monthly') {
      const dueDay = input.due_day ?? 0;
      const dayOk = Number.isInteger(dueDay) && dueDay >= 1 && dueDay <= DUE_DAY_MAX;
      problem('due_day', dayOk ? null : said().dueDay);
      const start = input.start_month ?? '';
      if (!MONTH.test(start)) problem('start_month', said().startMonth);
      else if (start < today.slice(0, 7)) problem('start_month', said().startPast);
      plan.dueDay = dueDay;
      plan.startMonth = start;
      if (given(input.end_month)) {
        problem('end_month', lastMonthProblem(input.end_month!, start, today.slice(0, 7)));
        plan.endMonth = input.end_month!;
      }
    } else {
      const dueDate = input.due_date ?? '';
      if (!isIsoDate(dueDate)) problem('due_date', said().dueDate);
      else if (dueDate < today) problem('due_date', said().duePast);
      plan.dueDate = dueDate;
    }
  }
  if (given(input.partial_minimum)) {
    const minimum = feeAmount(input.partial_minimum);
    if (isSaid(minimum)) problem('partial_minimum', minimum);
    else if (errors.length === 0 && minimum.paise >= smallestDueOf(plan)) {
      problem('partial_minimum', said().partialMinimum);
    } else plan.partialMinimum = minimum.paise;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: plan };
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
  /** D235: a monthly plan's last month; null: it runs until ended. */
  end_month?: string | null;
  /** null: no part payments any more. */
  partial_minimum?: number | null;
  reminder_days?: number[];
}

/** The fields of a kept plan a change may touch. */
export type FeePlanChange = Partial<
  Pick<FeePlanRecord, 'name' | 'amount' | 'dueDay' | 'endMonth' | 'partialMinimum' | 'reminderDays'>
>;

/**
 * D152: what may change in a running plan: its name, reminder days and part-payment minimum;
 * the fee of a monthly or one-time plan and a monthly plan's due day and last month (an
 * instalment plan's dated parts stay as agreed: end it and make another). `now` decides what
 * is past. The result is the plan as it will be.
 */
export function checkFeePlanChange(
  plan: FeePlanRecord,
  change: FeePlanChangeInput,
  now: Date,
): FeePlanCheck {
  const errors: PlanError[] = [];
  const problem = (field: string, found: Said | null) => {
    if (found && !errors.some((e) => e.field === field)) errors.push({ field, ...found });
  };
  const next: FeePlanRecord = { ...plan };
  if (change.name !== undefined) {
    const name = tidyText(change.name);
    problem('name', nameProblem(name));
    next.name = name;
  }
  if (change.amount !== undefined) {
    if (plan.kind === 'instalments') {
      problem('amount', said().notForKind('amount', KIND_NAMES.instalments));
    } else {
      const amount = feeAmount(change.amount);
      if (isSaid(amount)) problem('amount', amount);
      else next.amount = amount.paise;
    }
  }
  if (change.due_day !== undefined) {
    if (plan.kind !== 'monthly') {
      problem('due_day', said().notForKind('due_day', KIND_NAMES[plan.kind]));
    } else if (
      !Number.isInteger(change.due_day) ||
      change.due_day < 1 ||
      change.due_day > DUE_DAY_MAX
    ) {
      problem('due_day', said().dueDay);
    } else next.dueDay = change.due_day;
  }
  if (change.end_month !== undefined) {
    if (plan.kind !== 'monthly') {
      problem('end_month', said().notForKind('end_month', KIND_NAMES[plan.kind]));
    } else if (change.end_month === null) next.endMonth = null;
    else {
      const thisMonth = istDateKey(now).slice(0, 7);
      problem('end_month', lastMonthProblem(change.end_month, plan.startMonth ?? '', thisMonth));
      next.endMonth = change.end_month;
    }
  }
  if (change.reminder_days !== undefined) {
    if (!reminderDaysValid(change.reminder_days)) problem('reminder_days', said().reminderDays);
    else next.reminderDays = change.reminder_days;
  }
  if (change.partial_minimum !== undefined) {
    if (change.partial_minimum === null) next.partialMinimum = null;
    else {
      const minimum = feeAmount(change.partial_minimum);
      if (isSaid(minimum)) problem('partial_minimum', minimum);
      else next.partialMinimum = minimum.paise;
    }
  }
  if (
    errors.length === 0 &&
    next.partialMinimum !== null &&
    next.partialMinimum >= smallestDueOf(next)
  ) {
    problem('partial_minimum', said().partialMinimum);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: next };
}

/**
 * D230: the first day (IST) a student owes a plan's dues, or '' for all of them: a student who
 * joined the plan's batch, or came back, after the plan was made owes nothing from before.
 * A batch plan counts from the later of joining the batch and coming back; one student's plan
 * from coming back only (a move to another batch does not touch it).
 */
export function duesFrom(
  plan: { studentId: number | null; createdAt: Date },
  student: { batchSince: Date; activeSince: Date },
): string {
  const since =
    plan.studentId === null && student.batchSince > student.activeSince
      ? student.batchSince
      : student.activeSince;
  return since > plan.createdAt ? istDateKey(since) : '';
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
> &
  Partial<Pick<FeePlanRecord, 'endMonth'>>;

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
    const last = plan.endMonth ?? '9999-12';
    for (
      let month = plan.startMonth;
      `${month}-${day}` <= horizon && month <= last;
      month = shiftMonth(month, 1)
    ) {
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
    const list = names.slice(0, shown).join(', ');
    // D240: in the reader's language ('… और 2 अन्य'), not English in every text.
    const text = rest ? studentsTexts.dues.andMore(list, rest) : list;
    if (text.length <= max) return text;
  }
  const first = names[0] ?? '';
  return first.length <= max ? first : `${first.slice(0, max - 1)}…`;
}
