// The tutor dashboard's Dues tab (issue 14, D146-D151): one month at a glance (expected,
// collected, outstanding, overdue, what earlier months left), its dues (D239: found by a search,
// a status and a batch, with totals) with Paid in cash (D237: any amount, its day, a receipt),
// Link (shared on WhatsApp), Paid another way, and Waive and Remind behind a confirm, 'Remind all
// overdue', the ledger's CSV, the reminder settings (D151) and log.
// The duesTab machine runs the tab and keeps its parts in step; each part renders one of its
// children (DueMonth, DuesTable, ReminderLog). This module gives the children their API calls.
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { dueLinkMachine } from '../../../../../../machines/dueLink/dueLink.machine';
import { reminderSettingsMachine } from '../../../../../../machines/reminderSettings/reminderSettings.machine';
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
  type DuesTabActorRef,
  type DuesTabSnapshot,
} from '../../../../../../machines/duesTab/duesTab.machine';
import {
  paymentsExportMachine,
  type ExportedFile,
} from '../../../../../../machines/paymentsExport/paymentsExport.machine';
import {
  dueLinkFor,
  exportDues,
  fetchDueMonth,
  fetchDueMonths,
  fetchReminders,
  fetchReminderSettings,
  recordCash,
  remindAllOverdue,
  remindNow,
  saveReminderSettings,
  settleDue,
  waiveDue,
} from '../../../../../api/actors/tutorDues';
import { saveBlob } from '../../../../../browser/download';
import type { IstDateRange } from '../../../../../domain/dateRange';
import { studentsTexts } from '../../../../../domain/studentsTexts';
import { istDateKey } from '../../../../../domain/time';
import { useClock } from '../../../../app/clock';
import { useEndSessionWhen } from '../../../../app/session';
import type { TutorTabPanelProps } from '../tutorTabs';
import { ExportButton, Figures, MonthSwitch, MonthsChart } from './DueMonth';
import { DuesTable } from './DuesTable';
import { ReminderLog } from './ReminderLog';
import { ReminderSettingsForm } from './ReminderSettingsForm';
import { TutorAutopay } from '../autopay/TutorAutopay';

const t = studentsTexts.duesTab;

/** A confirmed action's call: the confirm's target is a due's or a student's id. */
const perform = (call: (id: number) => Promise<void>) =>
  fromPromise<void, { id: string }>(({ input }) => call(Number(input.id)));

const duesTabLive = duesTabMachine.provide({
  actors: {
    dues: duesListMachine.provide({
      actors: { fetchPage: fromPromise(({ input, signal }) => fetchDueMonth(input, signal)) },
    }),
    months: monthsListMachine.provide({
      actors: { fetchPage: fromPromise(({ input, signal }) => fetchDueMonths(input, signal)) },
    }),
    reminders: reminderLogMachine.provide({
      actors: { fetchPage: fromPromise(({ input, signal }) => fetchReminders(input, signal)) },
    }),
    cash: cashMachine.provide({
      actors: { recordCash: fromPromise(({ input }) => recordCash(input)) },
    }),
    remindAll: remindAllOverdueMachine.provide({
      actors: { remindAll: fromPromise(() => remindAllOverdue()) },
    }),
    waive: waiveMachine.provide({ actors: { perform: perform(waiveDue) } }),
    remind: remindMachine.provide({ actors: { perform: perform(remindNow) } }),
    link: dueLinkMachine.provide({
      actors: { fetchLink: fromPromise(({ input }) => dueLinkFor(input)) },
    }),
    settleOther: settleOtherMachine.provide({
      actors: {
        settleOther: fromPromise(async ({ input }) => {
          await settleDue(input.id, 'other', input.note);
        }),
      },
    }),
    export: paymentsExportMachine.provide({
      actors: {
        exportFile: fromPromise<ExportedFile, IstDateRange>(({ input, signal }) =>
          exportDues(input, signal),
        ),
      },
      actions: { saveFile: (_, file) => saveBlob(file.blob, file.fileName) },
    }),
    settings: reminderSettingsMachine.provide({
      actors: {
        fetchSettings: fromPromise(() => fetchReminderSettings()),
        saveSettings: fromPromise(({ input }) => saveReminderSettings(input)),
      },
    }),
  },
});

type TabChildren = Required<DuesTabSnapshot['children']>;
const sameChildren = (a: TabChildren | null, b: TabChildren | null) =>
  a === b ||
  (!!a && !!b && (Object.keys(a) as (keyof TabChildren)[]).every((id) => a[id] === b[id]));

/** The tab on a running duesTab actor (the path tests render it on theirs). */
export function DuesTabView({ tab }: { tab: DuesTabActorRef }) {
  // Every child runs while the tab is active; after a 401 they are gone (on the way to login).
  const children = useSelector(
    tab,
    (s) => (s.status === 'active' ? (s.children as TabChildren) : null),
    sameChildren,
  );
  if (!children) return null;
  const { dues: list, filter, months: chart, reminders: log, cash, waive, remind } = children;
  const { remindAll, link, settleOther, export: exporter, settings } = children;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2} size="h4">
          {t.title}
        </Title>
        <MonthSwitch tab={tab} />
      </Group>
      <Text size="sm">{t.intro}</Text>
      <Figures list={list} />
      <MonthsChart chart={chart} />
      <DuesTable
        list={list}
        filter={filter}
        cash={cash}
        waive={waive}
        remind={remind}
        remindAll={remindAll}
        link={link}
        settleOther={settleOther}
      />
      <ExportButton tab={tab} exporter={exporter} />
      <TutorAutopay />
      <ReminderSettingsForm actor={settings} />
      <ReminderLog log={log} />
    </Stack>
  );
}

export function DuesPanel(_props: TutorTabPanelProps) {
  const now = useClock();
  const tab = useActorRef(duesTabLive, { input: { month: istDateKey(now()).slice(0, 7) } });
  useEndSessionWhen(useSelector(tab, (s) => s.status === 'done'));
  return <DuesTabView tab={tab} />;
}
