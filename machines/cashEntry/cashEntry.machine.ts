// 'Paid in cash' on the Dues tab (issue 48, D237): the tutor records cash received for a student,
// of any amount up to what the student owes (what is left on the due, to begin with) and on the
// day it was paid; it settles the student's dues oldest first, and the receipt that comes back
// is the parent's (under 'My dues', and shared on WhatsApp from here). The rule is the domain's
// (rupeesField, checkCashEntry), each problem at its field, the server's too.
//
//   idle ──cash.open──▶ editing ──cash.change──▶ editing
//                         ├─cash.save (valid)──▶ saving ──done──▶ recorded (the receipt)
//                         ├─cash.save (a problem): every field's message shows
//                         └─cash.cancel──▶ idle
//   saving ──error──▶ failed ──cash.change──▶ editing; ──cash.save──▶ saving; ──cash.cancel──▶ idle
//   saving ──401──▶ unauthorized (final: the page sends the tutor to login)
//   recorded ──cash.close──▶ idle; ──cash.open──▶ editing (another student)
//
// The call is abstract (`recordCash`); `recorded` (abstract) lets the page reload the month.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { CASH_NOTE_MAX, checkCashEntry, type CashEntryInput } from '../../src/domain/cashEntry';
import { isSaid, rupeesField } from '../../src/domain/feePlans';
import { messages } from '../../src/domain/messages';
import { paiseToRupeesText, type Paise } from '../../src/domain/money';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { coded } from '../../src/domain/texts';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnauthorized, serverField, serverText } from '../shared/failure';

export type CashField = 'amount' | 'received_on' | 'note';

/** The receipt the server answers (the API's CashReceipt, rupees). */
export interface CashReceiptShown {
  id: number;
  number: string;
  tutor_name: string;
  student_name: string;
  amount: number;
  received_on: string;
  note: string | null;
  dues: { due_id: number; plan_name: string; period: string; applied: number }[];
}

export interface CashEntryContext {
  studentId: number | null;
  student: string;
  /** Who pays (the parent when set): the receipt is shared to this phone. */
  payerPhone: string;
  /** Paise the student owes on their open dues: the most an entry can be. */
  owed: Paise;
  /** The IST day: an entry is not dated after it. */
  today: string;
  form: Record<CashField, string>;
  showErrors: boolean;
  receipt: CashReceiptShown | null;
  error: string | null;
  errorField: string | null;
}

export type CashEntryEvent =
  | {
      type: 'cash.open';
      studentId: number;
      student: string;
      payerPhone: string;
      /** Paise to start with: what is left on the due asked from. */
      amount: Paise;
      owed: Paise;
      today: string;
    }
  | { type: 'cash.change'; field: CashField; value: string }
  | { type: 'cash.save' }
  | { type: 'cash.cancel' }
  | { type: 'cash.close' };

export interface CashCall {
  studentId: number;
  body: CashEntryInput;
}

/** The entry as the call sends it, or every field's problem. */
export function buildCashEntry(
  context: CashEntryContext,
): { ok: true; call: CashCall } | { ok: false; errors: Partial<Record<CashField, string>> } {
  const errors: Partial<Record<CashField, string>> = {};
  const read = rupeesField(context.form.amount, () => coded(studentsTexts.cash).amountMin);
  const body: CashEntryInput = {
    amount: isSaid(read) ? 0 : read.paise / 100,
    received_on: context.form.received_on,
    note: context.form.note.trim() === '' ? null : context.form.note,
  };
  if (isSaid(read)) errors.amount = read.message;
  const checked = checkCashEntry(body, context.today, context.owed);
  if (!checked.ok) for (const e of checked.errors) errors[e.field] ??= e.message;
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, call: { studentId: context.studentId!, body } };
}

/** The messages to show: the rule's once a save was refused, the server's at its field. */
export function shownCashErrors(context: CashEntryContext): Partial<Record<CashField, string>> {
  const shown: Partial<Record<CashField, string>> = {};
  if (context.showErrors) {
    const built = buildCashEntry(context);
    if (!built.ok) Object.assign(shown, built.errors);
  }
  const field = context.errorField;
  if (context.error && (field === 'amount' || field === 'received_on' || field === 'note')) {
    shown[field] ??= context.error;
  }
  return shown;
}

/** A server refusal at no field of the form (shown above the buttons). */
export const looseCashError = (context: CashEntryContext): string | null =>
  context.error && !['amount', 'received_on', 'note'].includes(context.errorField ?? '')
    ? context.error
    : null;

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;
const closed: Omit<CashEntryContext, 'today'> = {
  studentId: null,
  student: '',
  payerPhone: '',
  owed: 0,
  form: { amount: '', received_on: '', note: '' },
  showErrors: false,
  receipt: null,
  error: null,
  errorField: null,
};

export const cashEntryMachine = setup({
  types: { context: {} as CashEntryContext, events: {} as CashEntryEvent },
  actors: {
    recordCash: abstractPromise<CashReceiptShown, CashCall>('recordCash'),
  },
  actions: {
    open: assign(({ event }) =>
      event.type === 'cash.open'
        ? {
            ...closed,
            studentId: event.studentId,
            student: event.student,
            payerPhone: event.payerPhone,
            owed: event.owed,
            today: event.today,
            form: {
              amount: paiseToRupeesText(event.amount),
              received_on: event.today,
              note: '',
            },
          }
        : {},
    ),
    change: assign(({ context, event }) =>
      event.type === 'cash.change'
        ? {
            form: {
              ...context.form,
              [event.field]: event.value.slice(0, event.field === 'note' ? CASH_NOTE_MAX : 16),
            },
            error: null,
            errorField: null,
          }
        : {},
    ),
    /** Abstract: cash was recorded: reload the month. */
    recorded: () => notProvided('recorded'),
  },
  guards: {
    valid: ({ context }) => buildCashEntry(context).ok,
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
  },
}).createMachine({
  id: 'cashEntry',
  description: 'Record cash received for a student: any amount, a day; oldest dues first (D237).',
  context: { ...closed, today: '' },
  initial: 'idle',
  states: {
    idle: { on: { 'cash.open': { target: 'editing', actions: 'open' } } },
    editing: {
      on: {
        'cash.change': { actions: 'change' },
        'cash.save': [
          { guard: 'valid', target: 'saving' },
          { actions: assign({ showErrors: true }) },
        ],
        'cash.cancel': { target: 'idle', actions: assign(closed) },
      },
    },
    saving: {
      tags: 'loading',
      invoke: {
        id: 'recordCash',
        src: 'recordCash',
        input: ({ context }) => {
          const built = buildCashEntry(context);
          if (!built.ok) throw new Error('recordCash: the entry was checked before saving');
          return built.call;
        },
        onDone: {
          target: 'recorded',
          actions: [assign({ receipt: ({ event }) => event.output }), 'recorded'],
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
        'cash.change': { target: 'editing', actions: 'change' },
        'cash.save': { target: 'saving', actions: assign({ error: null, errorField: null }) },
        'cash.cancel': { target: 'idle', actions: assign(closed) },
      },
    },
    recorded: {
      on: {
        'cash.close': { target: 'idle', actions: assign(closed) },
        'cash.open': { target: 'editing', actions: 'open' },
      },
    },
    unauthorized: { type: 'final' },
  },
});

export type CashEntryActorRef = ActorRefFrom<typeof cashEntryMachine>;
export type CashEntrySnapshot = SnapshotFrom<typeof cashEntryMachine>;
