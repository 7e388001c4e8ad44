// The duesTab machine with its children's calls faked (each waits until the test settles it):
// the month's dues, the chart, the log, cash received, the confirmed actions, remind all overdue,
// the link, paid another way, the CSV and the reminder settings.
import { createActor } from 'xstate';
import type { CashCall, CashReceiptShown } from '../../machines/cashEntry/cashEntry.machine';
import type { RemindAllResult } from '../../machines/remindAll/remindAll.machine';
import type { DueLinkShown } from '../../machines/dueLink/dueLink.machine';
import type { DueRow, DuesPage, MonthFigures, ReminderRow } from '../../machines/duesTab/dueRows';
import {
  duesListMachine,
  duesTabMachine,
  monthsListMachine,
  remindMachine,
  reminderLogMachine,
  cashMachine,
  remindAllOverdueMachine,
  settleOtherMachine,
  waiveMachine,
} from '../../machines/duesTab/duesTab.machine';
import { dueLinkMachine } from '../../machines/dueLink/dueLink.machine';
import type { Page, PageRequest } from '../../machines/pagedList/pagedList.machine';
import {
  paymentsExportMachine,
  type ExportedFile,
} from '../../machines/paymentsExport/paymentsExport.machine';
import {
  reminderSettingsMachine,
  type ReminderSettings,
} from '../../machines/reminderSettings/reminderSettings.machine';
import type { IstDateRange } from '../../src/domain/dateRange';
import { fakeCall, type FakeCall } from './loginFakes';

export interface DuesTabWorld {
  dues: FakeCall<Page<DueRow>, PageRequest<string>>;
  months: FakeCall<Page<MonthFigures>, PageRequest<string>>;
  reminders: FakeCall<Page<ReminderRow>, PageRequest<null>>;
  cash: FakeCall<CashReceiptShown, CashCall>;
  waive: FakeCall<void, { id: string }>;
  remind: FakeCall<void, { id: string }>;
  remindAll: FakeCall<RemindAllResult, void>;
  link: FakeCall<DueLinkShown, number>;
  settleOther: FakeCall<void, { id: number; note: string }>;
  exportFile: FakeCall<ExportedFile, IstDateRange>;
  saved: ExportedFile[];
  fetchSettings: FakeCall<ReminderSettings, void>;
  saveSettings: FakeCall<ReminderSettings, ReminderSettings>;
}

export const duesTabWorld = (): DuesTabWorld => ({
  dues: fakeCall(),
  months: fakeCall(),
  reminders: fakeCall(),
  cash: fakeCall(),
  waive: fakeCall(),
  remind: fakeCall(),
  remindAll: fakeCall(),
  link: fakeCall(),
  settleOther: fakeCall(),
  exportFile: fakeCall(),
  saved: [],
  fetchSettings: fakeCall(),
  saveSettings: fakeCall(),
});

export const provideDuesTab = (w: DuesTabWorld) =>
  duesTabMachine.provide({
    actors: {
      dues: duesListMachine.provide({ actors: { fetchPage: w.dues.logic } }),
      months: monthsListMachine.provide({ actors: { fetchPage: w.months.logic } }),
      reminders: reminderLogMachine.provide({ actors: { fetchPage: w.reminders.logic } }),
      cash: cashMachine.provide({ actors: { recordCash: w.cash.logic } }),
      waive: waiveMachine.provide({ actors: { perform: w.waive.logic } }),
      remind: remindMachine.provide({ actors: { perform: w.remind.logic } }),
      remindAll: remindAllOverdueMachine.provide({ actors: { remindAll: w.remindAll.logic } }),
      link: dueLinkMachine.provide({ actors: { fetchLink: w.link.logic } }),
      settleOther: settleOtherMachine.provide({ actors: { settleOther: w.settleOther.logic } }),
      export: paymentsExportMachine.provide({
        actors: { exportFile: w.exportFile.logic },
        actions: { saveFile: (_, file) => void w.saved.push(file) },
      }),
      settings: reminderSettingsMachine.provide({
        actors: { fetchSettings: w.fetchSettings.logic, saveSettings: w.saveSettings.logic },
      }),
    },
  });

export const JANUARY = '2025-01';

/** Aarav's January fee, still owed, and Diya's, paid. */
export const AARAV_DUE: DueRow = {
  id: 12,
  studentId: 3,
  studentName: 'Aarav Sharma',
  studentPhone: '9876500001',
  payerPhone: '9876500002',
  batch: 'Class 10',
  batchKey: 'class10',
  studentOwes: 200_000,
  planName: 'Class 10 - Maths',
  period: '2025-01',
  dueDate: '2025-01-05',
  amount: 200_000,
  paid: 0,
  left: 200_000,
  status: 'overdue',
  settledBy: null,
  note: null,
};
const DIYA_DUE: DueRow = {
  ...AARAV_DUE,
  id: 13,
  studentId: 4,
  studentName: 'Diya Patel',
  studentPhone: '9876500003',
  payerPhone: '9876500003',
  batch: 'Class 10',
  batchKey: 'class10',
  studentOwes: 0,
  paid: 200_000,
  left: 0,
  status: 'paid',
};

export const duesPage = (month: string): DuesPage => ({
  items: [AARAV_DUE, DIYA_DUE].map((due) => ({ ...due, period: month })),
  page: 1,
  page_size: 2,
  count: 2,
  figures: {
    month,
    expected: 400_000,
    collected: 200_000,
    outstanding: 200_000,
    carriedForward: 0,
    overdue: 1,
  },
});

export function startDuesTab(month = JANUARY) {
  const world = duesTabWorld();
  const actor = createActor(provideDuesTab(world), { input: { month } }).start();
  return { world, actor };
}
