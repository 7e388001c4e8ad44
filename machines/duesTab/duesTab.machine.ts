// The tutor dashboard's Dues tab (issue 14, D146-D151): one month of dues, and the actors that
// act on it, each a child of this machine, which keeps them in step.
//
//   active ──month.shift──▶ active (the dues and the chart move to the month before or after)
//     │     ──dues.export──▶ active (the month's ledger as a CSV)
//     │     ──dues.changed (cash recorded, a due paid another way, or waived)──▶ active (the
//     │                                            dues and the chart reload: the figures moved)
//     │     ──dues.reminded──▶ active (the dues and the reminder log reload)
//     └──a child's 401──▶ unauthorized (final: the page sends the tutor to login)
//
// Children: dues (the month's dues and figures), filter (which of them the table shows, D239),
// months (the six-month chart), reminders (the log), cash (Paid in cash: any amount, its day, a
// receipt, D237), waive, remind (a due's action behind its confirm; remind asks about a
// student), remindAll (every overdue payer, D239), link (a due's payment link), settleOther
// (paid another way, with a note), export (the ledger's CSV) and settings (how reminders go). Each child's calls are abstract: the UI provides each with its own
// (`duesTabMachine.provide({ actors: { dues: duesListMachine.provide(...) } })`), and the
// children exported here already tell this machine what changed.
import { assign, sendParent, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { monthDays, shiftMonth } from '../../src/domain/feePlans';
import { cashEntryMachine } from '../cashEntry/cashEntry.machine';
import { confirmActionMachine } from '../confirmAction/confirmAction.machine';
import { dueLinkMachine } from '../dueLink/dueLink.machine';
import { dueSettleOtherMachine } from '../dueSettleOther/dueSettleOther.machine';
import { duesFilterMachine } from '../duesFilter/duesFilter.machine';
import { pagedListMachine } from '../pagedList/pagedList.machine';
import { paymentsExportMachine } from '../paymentsExport/paymentsExport.machine';
import { reminderSettingsMachine } from '../reminderSettings/reminderSettings.machine';
import { remindAllMachine } from '../remindAll/remindAll.machine';
import type { DueRow, MonthFigures, ReminderRow } from './dueRows';

export interface DuesTabInput {
  /** 'YYYY-MM' (IST): the month shown first, this one. */
  month: string;
}

export interface DuesTabContext {
  month: string;
}

export type DuesTabEvent =
  | { type: 'month.shift'; by: -1 | 1 }
  | { type: 'dues.export' }
  /** From cash, waive and settleOther: money was recorded or a due waived (or the server said so). */
  | { type: 'dues.changed' }
  /** From remind and remindAll: reminders went (or were refused and logged). */
  | { type: 'dues.reminded' };

/** The month's dues (the month is the filter) and its figures. */
export const duesListMachine = pagedListMachine<DueRow, string>();
/** The six months up to the one shown. */
export const monthsListMachine = pagedListMachine<MonthFigures, string>();
export const reminderLogMachine = pagedListMachine<ReminderRow, null>();
/** Waive: the target is the due's id. */
export const waiveMachine = confirmActionMachine.provide({
  actions: { changed: sendParent({ type: 'dues.changed' }) },
});
/** Paid in cash (D237): settles the student's dues oldest first. */
export const cashMachine = cashEntryMachine.provide({
  actions: { recorded: sendParent({ type: 'dues.changed' }) },
});
/** Remind all overdue (D239). */
export const remindAllOverdueMachine = remindAllMachine.provide({
  actions: { reminded: sendParent({ type: 'dues.reminded' }) },
});
/** Remind now: the target is the student's id (a reminder goes to the student's payer). */
export const remindMachine = confirmActionMachine.provide({
  actions: { changed: sendParent({ type: 'dues.reminded' }) },
});
export const settleOtherMachine = dueSettleOtherMachine.provide({
  actions: { settled: sendParent({ type: 'dues.changed' }) },
});

const reload = { type: 'list.reload' } as const;
/** A child that ends has met a 401 (each child's one final state). */
const toLogin = { target: '#duesTab.unauthorized' } as const;

export const duesTabMachine = setup({
  types: {
    context: {} as DuesTabContext,
    events: {} as DuesTabEvent,
    input: {} as DuesTabInput,
    children: {} as {
      dues: 'dues';
      filter: 'filter';
      months: 'months';
      reminders: 'reminders';
      cash: 'cash';
      waive: 'waive';
      remind: 'remind';
      remindAll: 'remindAll';
      link: 'link';
      settleOther: 'settleOther';
      export: 'export';
      settings: 'settings';
    },
  },
  actors: {
    dues: duesListMachine,
    filter: duesFilterMachine,
    months: monthsListMachine,
    reminders: reminderLogMachine,
    cash: cashMachine,
    waive: waiveMachine,
    remind: remindMachine,
    remindAll: remindAllOverdueMachine,
    link: dueLinkMachine,
    settleOther: settleOtherMachine,
    export: paymentsExportMachine,
    settings: reminderSettingsMachine,
  },
}).createMachine({
  id: 'duesTab',
  description: "The Dues tab's month and the actors on it, reloaded together when a due moves.",
  context: ({ input }) => ({ month: input.month }),
  initial: 'active',
  states: {
    active: {
      invoke: [
        {
          id: 'dues',
          src: 'dues',
          input: ({ context }) => ({ filter: context.month }),
          onDone: toLogin,
        },
        // No call, no 401: it only says which of the dues show.
        { id: 'filter', src: 'filter' },
        {
          id: 'months',
          src: 'months',
          input: ({ context }) => ({ filter: context.month }),
          onDone: toLogin,
        },
        { id: 'reminders', src: 'reminders', input: { filter: null }, onDone: toLogin },
        { id: 'cash', src: 'cash', onDone: toLogin },
        { id: 'waive', src: 'waive', onDone: toLogin },
        { id: 'remind', src: 'remind', onDone: toLogin },
        { id: 'remindAll', src: 'remindAll', onDone: toLogin },
        { id: 'link', src: 'link', onDone: toLogin },
        { id: 'settleOther', src: 'settleOther', onDone: toLogin },
        { id: 'export', src: 'export', onDone: toLogin },
        { id: 'settings', src: 'settings', onDone: toLogin },
      ],
      on: {
        'month.shift': {
          actions: [
            assign({ month: ({ context, event }) => shiftMonth(context.month, event.by) }),
            sendTo('dues', ({ context }) => ({ type: 'filter.change', filter: context.month })),
            sendTo('months', ({ context }) => ({ type: 'filter.change', filter: context.month })),
          ],
        },
        'dues.export': {
          actions: sendTo('export', ({ context }) => ({
            type: 'export',
            range: monthDays(context.month),
          })),
        },
        'dues.changed': { actions: [sendTo('dues', reload), sendTo('months', reload)] },
        'dues.reminded': { actions: [sendTo('dues', reload), sendTo('reminders', reload)] },
      },
    },
    unauthorized: { type: 'final' },
  },
});

export type DuesTabActorRef = ActorRefFrom<typeof duesTabMachine>;
export type DuesTabSnapshot = SnapshotFrom<typeof duesTabMachine>;
