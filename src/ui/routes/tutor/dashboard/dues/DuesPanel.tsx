// The tutor dashboard's Dues tab (issue 14, D146-D149): one month at a glance (expected,
// collected, outstanding, overdue, what earlier months left), its dues with Paid in cash,
// Waive and Remind behind a confirm, the ledger's CSV, the reminder settings (D151) and log.
// Renders the pagedList (the month is its filter), confirmAction and paymentsExport machines.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Progress.css';
import {
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  confirmActionMachine,
  type ConfirmActionActorRef,
} from '../../../../../../machines/confirmAction/confirmAction.machine';
import {
  pagedListMachine,
  type PagedListActorRef,
} from '../../../../../../machines/pagedList/pagedList.machine';
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
  remindNow,
  settleDue,
  waiveDue,
  type DueRow,
  type MonthFigures,
  type DueStatus,
  type DuesPage,
  type ReminderRow,
} from '../../../../../api/actors/tutorDues';
import { saveBlob } from '../../../../../browser/download';
import type { IstDateRange } from '../../../../../domain/dateRange';
import { duePeriodLabel } from '../../../../../domain/duePeriod';
import { monthDays, monthTitle, shiftMonth } from '../../../../../domain/feePlans';
import { formatINR, rupeesToPaise } from '../../../../../domain/money';
import { studentsTexts } from '../../../../../domain/studentsTexts';
import { istDateKey } from '../../../../../domain/time';
import { useClock } from '../../../../app/clock';
import { useEndSessionWhen } from '../../../../app/session';
import { ListTable, type Column } from '../../../../components/ListTable';
import { ListState } from '../../../../components/PagedListParts';
import { ConfirmDialog, ConfirmDone } from '../links/ConfirmDialog';
import type { TutorTabPanelProps } from '../tutorTabs';
import {
  dueLinkMachine,
  type DueLinkActorRef,
} from '../../../../../../machines/dueLink/dueLink.machine';
import {
  dueSettleOtherMachine,
  type DueSettleOtherActorRef,
} from '../../../../../../machines/dueSettleOther/dueSettleOther.machine';
import { DueLinkDialog } from './DueLinkDialog';
import { SettleOtherDialog } from './SettleOtherDialog';
import { DUE_STATUS_COLOR, dueDayText } from './dueStatus';
import { ReminderSettings } from './ReminderSettingsForm';

const t = studentsTexts.duesTab;

type DuesList = PagedListActorRef<DueRow, string>;
type MonthsList = PagedListActorRef<MonthFigures, string>;

const duesMachine = pagedListMachine<DueRow, string>().provide({
  actors: { fetchPage: fromPromise(({ input, signal }) => fetchDueMonth(input, signal)) },
});
const monthsMachine = pagedListMachine<MonthFigures, string>().provide({
  actors: { fetchPage: fromPromise(({ input, signal }) => fetchDueMonths(input, signal)) },
});
const logMachine = pagedListMachine<ReminderRow, null>().provide({
  actors: { fetchPage: fromPromise(({ input, signal }) => fetchReminders(input, signal)) },
});
const exportMachine = paymentsExportMachine.provide({
  actors: {
    exportFile: fromPromise<ExportedFile, IstDateRange>(({ input, signal }) =>
      exportDues(input, signal),
    ),
  },
  actions: { saveFile: (_, file) => saveBlob(file.blob, file.fileName) },
});

const OPEN: DueStatus[] = ['open', 'partly_paid', 'overdue'];

function useConfirm(perform: (id: number) => Promise<void>, list: DuesList) {
  return useActorRef(
    confirmActionMachine.provide({
      actors: {
        perform: fromPromise<void, { id: string }>(({ input }) => perform(Number(input.id))),
      },
      actions: { changed: () => list.send({ type: 'list.reload' }) },
    }),
  );
}

function Figures({ list }: { list: DuesList }) {
  const figures = useSelector(list, (s) =>
    s.context.data ? (s.context.data as DuesPage).figures : null,
  );
  if (!figures) return null;
  const cards: [string, string][] = [
    [t.figures.expected, formatINR(figures.expected)],
    [t.figures.collected, formatINR(figures.collected)],
    [t.figures.outstanding, formatINR(figures.outstanding)],
    [t.figures.overdue, t.overdueCount(figures.overdue)],
  ];
  return (
    <Stack gap="xs" component="section" aria-label={monthTitle(figures.month)}>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {cards.map(([label, value]) => (
          <Paper key={label} withBorder p="sm" radius="md">
            <Text size="sm">{label}</Text>
            <Text fz="lg" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {figures.carriedForward > 0 ? (
        <Text size="sm">{t.carried(formatINR(figures.carriedForward))}</Text>
      ) : null}
    </Stack>
  );
}

function MonthSwitch({ list, chart }: { list: DuesList; chart: MonthsList }) {
  const month = useSelector(list, (s) => s.context.filter);
  const go = (by: number) => {
    const filter = shiftMonth(month, by);
    list.send({ type: 'filter.change', filter });
    chart.send({ type: 'filter.change', filter });
  };
  return (
    <Group gap="xs" aria-label={t.monthLabel} role="group">
      <Button variant="default" size="xs" onClick={() => go(-1)}>
        {t.previous}
      </Button>
      <Text fw={600} aria-live="polite">
        {monthTitle(month)}
      </Text>
      <Button variant="default" size="xs" onClick={() => go(1)}>
        {t.next}
      </Button>
    </Group>
  );
}

/** Collected against expected, month by month: one bar each, its figures written beside. */
function MonthsChart({ chart }: { chart: MonthsList }) {
  const months = useSelector(chart, (s) => s.context.data?.items ?? []);
  return (
    <Stack gap="xs" component="section" aria-label={t.chart.title}>
      <Title order={3} size="h5">
        {t.chart.title}
      </Title>
      <ListState list={chart} title={t.chart.loadFailed} empty={t.chart.empty}>
        {months.map((m) => {
          const collected = formatINR(m.collected);
          const expected = formatINR(m.expected);
          return (
            <Group key={m.month} gap="sm" wrap="nowrap">
              <Text size="sm" w={72} style={{ flexShrink: 0 }}>
                {duePeriodLabel(m.month)}
              </Text>
              <Progress
                flex={1}
                color="teal"
                value={m.expected > 0 ? Math.min(100, (m.collected / m.expected) * 100) : 0}
                aria-label={t.chart.aria(monthTitle(m.month), collected, expected)}
              />
              <Text size="sm" ta="right" w={170} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {t.chart.collectedOf(collected, expected)}
              </Text>
            </Group>
          );
        })}
      </ListState>
    </Stack>
  );
}

interface DueActionTexts {
  title: string;
  question: (due: DueRow) => string;
  yes: string;
  done: string;
}

/** One of a due's actions behind its confirm: what it asks, and that it went through. */
function DueAction({
  actor,
  items,
  texts,
}: {
  actor: ConfirmActionActorRef;
  items: DueRow[];
  texts: DueActionTexts;
}) {
  const target = useSelector(actor, (s) => s.context.target);
  const due = items.find((d) => String(d.id) === target) ?? null;
  return (
    <>
      <ConfirmDone actor={actor} text={texts.done} />
      <ConfirmDialog
        actor={actor}
        texts={
          due
            ? {
                title: texts.title,
                question: texts.question(due),
                yes: texts.yes,
                no: t.keep,
                close: t.close,
              }
            : null
        }
      />
    </>
  );
}

function DuesTable({
  list,
  settle,
  waive,
  remind,
  linker,
  other,
}: {
  list: DuesList;
  settle: ConfirmActionActorRef;
  waive: ConfirmActionActorRef;
  remind: ConfirmActionActorRef;
  linker: DueLinkActorRef;
  other: DueSettleOtherActorRef;
}) {
  const items = useSelector(list, (s) => s.context.data?.items ?? []);
  const action = (actor: ConfirmActionActorRef, label: string, due: DueRow) => (
    <Button
      size="xs"
      variant="subtle"
      aria-label={t.actionAria(label, due.studentName)}
      onClick={() => actor.send({ type: 'confirm.ask', id: String(due.id) })}
    >
      {label}
    </Button>
  );
  const columns: Column<DueRow>[] = [
    { header: t.columns.student, cell: (due) => due.studentName },
    {
      header: t.columns.plan,
      cell: (due) => [due.planName, duePeriodLabel(due.period)].filter(Boolean).join(' · '),
    },
    { header: t.columns.dueDate, cell: (due) => dueDayText(due.dueDate) },
    { header: t.columns.amount, cell: (due) => formatINR(due.amount) },
    { header: t.columns.left, cell: (due) => formatINR(due.left) },
    {
      header: t.columns.status,
      cell: (due) => (
        <Badge color={DUE_STATUS_COLOR[due.status]} variant="light" miw="max-content">
          {t.statuses[due.status]}
        </Badge>
      ),
    },
    {
      header: t.columns.actions,
      cell: (due) =>
        OPEN.includes(due.status) ? (
          <Group gap={0} wrap="nowrap">
            {action(settle, t.paidCash, due)}
            <Button
              size="xs"
              variant="subtle"
              aria-label={t.actionAria(t.paidOther, due.studentName)}
              onClick={() =>
                other.send({
                  type: 'settle.ask',
                  dueId: due.id,
                  student: due.studentName,
                  amount: due.left,
                })
              }
            >
              {t.paidOther}
            </Button>
            {action(waive, t.waive, due)}
            {action(remind, t.remind, due)}
            <Button
              size="xs"
              variant="subtle"
              aria-label={t.actionAria(t.link, due.studentName)}
              onClick={() =>
                linker.send({ type: 'link.open', dueId: due.id, student: due.studentName })
              }
            >
              {t.link}
            </Button>
          </Group>
        ) : null,
    },
  ];
  return (
    <>
      <ListTable
        list={list}
        title={t.title}
        loadFailed={t.loadFailed}
        empty={t.empty}
        columns={columns}
        rowKey={(due) => String(due.id)}
        minWidth={940}
      />
      <DueAction
        actor={settle}
        items={items}
        texts={{
          title: t.settleTitle,
          question: (due) => t.settleQuestion(due.studentName, formatINR(due.left)),
          yes: t.settleYes,
          done: t.settled,
        }}
      />
      <DueAction
        actor={waive}
        items={items}
        texts={{
          title: t.waiveTitle,
          question: (due) => t.waiveQuestion(due.studentName, formatINR(due.left)),
          yes: t.waiveYes,
          done: t.waived,
        }}
      />
      <DueAction
        actor={remind}
        items={items}
        texts={{
          title: t.remindTitle,
          question: (due) => t.remindQuestion(due.studentName),
          yes: t.remindYes,
          done: t.reminded,
        }}
      />
    </>
  );
}

function ExportButton({ list }: { list: DuesList }) {
  const month = useSelector(list, (s) => s.context.filter);
  const exporter = useActorRef(exportMachine);
  const exporting = useSelector(exporter, (s) => s.hasTag('loading'));
  const fileName = useSelector(exporter, (s) => (s.matches('done') ? s.context.fileName : null));
  const error = useSelector(exporter, (s) => s.context.error);
  return (
    <Group gap="sm">
      <Button
        variant="light"
        loading={exporting}
        onClick={() => exporter.send({ type: 'export', range: monthDays(month) })}
      >
        {t.exportCsv}
      </Button>
      <Text size="sm" role="status">
        {exporting ? t.exporting : fileName ? t.exported(fileName) : (error ?? '')}
      </Text>
    </Group>
  );
}

const logColumns = (): Column<ReminderRow>[] => [
  { header: t.log.columns.day, cell: (r) => dueDayText(r.day) },
  { header: t.log.columns.payer, cell: (r) => `${r.payer_name} ${r.payer_phone}` },
  { header: t.log.columns.channel, cell: (r) => t.log.channels[r.channel] },
  {
    header: t.log.columns.amount,
    // Nothing was asked of a payer skipped (D239): a dash, not '₹0.00'.
    cell: (r) => (r.amount === null ? '—' : formatINR(rupeesToPaise(r.amount))),
  },
  {
    header: t.log.columns.status,
    cell: (r) =>
      r.skipped
        ? `${t.log.statuses.skipped}: ${t.log.skipped[r.skipped]}`
        : [
            `${t.log.statuses[r.status]}${r.error ? `: ${r.error}` : ''}`,
            r.whatsapp_error ? t.log.whatsappFailed(r.whatsapp_error) : '',
          ]
            .filter(Boolean)
            .join('. '),
  },
];

function ReminderLog({ log }: { log: PagedListActorRef<ReminderRow, null> }) {
  const stopped = useSelector(log, (s) =>
    s.context.data && 'stopped' in s.context.data
      ? (s.context.data.stopped as { payer_name: string }[])
      : [],
  );
  return (
    <Stack gap="sm" component="section" aria-label={t.log.title}>
      <Title order={3} size="h5">
        {t.log.title}
      </Title>
      {stopped.length > 0 ? (
        <Text size="sm">{t.log.stopped(stopped.map((s) => s.payer_name).join(', '))}</Text>
      ) : null}
      <ListTable
        list={log}
        title={t.log.title}
        loadFailed={t.log.loadFailed}
        empty={t.log.empty}
        columns={logColumns()}
        rowKey={(r) => String(r.id)}
        minWidth={640}
      />
    </Stack>
  );
}

export function DuesPanel(_props: TutorTabPanelProps) {
  const now = useClock();
  const list = useActorRef(duesMachine, { input: { filter: istDateKey(now()).slice(0, 7) } });
  const chart = useActorRef(monthsMachine, { input: { filter: istDateKey(now()).slice(0, 7) } });
  const log = useActorRef(logMachine, { input: { filter: null } });
  const changed = (perform: (id: number) => Promise<void>) => async (id: number) => {
    await perform(id);
    log.send({ type: 'list.reload' });
  };
  const refigured = (perform: (id: number) => Promise<void>) => async (id: number) => {
    await perform(id);
    chart.send({ type: 'list.reload' });
  };
  const linker = useActorRef(
    dueLinkMachine.provide({
      actors: { fetchLink: fromPromise(({ input }) => dueLinkFor(input)) },
    }),
  );
  useEndSessionWhen(useSelector(linker, (s) => s.matches('unauthorized')));
  const other = useActorRef(
    dueSettleOtherMachine.provide({
      actors: {
        settleOther: fromPromise(async ({ input }) => {
          await settleDue(input.id, 'other', input.note);
        }),
      },
      actions: {
        settled: () => {
          list.send({ type: 'list.reload' });
          chart.send({ type: 'list.reload' });
        },
      },
    }),
  );
  useEndSessionWhen(useSelector(other, (s) => s.matches('unauthorized')));
  const settle = useConfirm(refigured(settleDue), list);
  const waive = useConfirm(refigured(waiveDue), list);
  const remind = useConfirm(
    changed(async (dueId) => {
      const due = list.getSnapshot().context.data?.items.find((d) => d.id === dueId);
      if (due) await remindNow(due.studentId);
    }),
    list,
  );
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2} size="h4">
          {t.title}
        </Title>
        <MonthSwitch list={list} chart={chart} />
      </Group>
      <Text size="sm">{t.intro}</Text>
      <Figures list={list} />
      <MonthsChart chart={chart} />
      <DuesTable
        list={list}
        settle={settle}
        waive={waive}
        remind={remind}
        linker={linker}
        other={other}
      />
      <SettleOtherDialog actor={other} />
      <DueLinkDialog actor={linker} />
      <ExportButton list={list} />
      <ReminderSettings />
      <ReminderLog log={log} />
    </Stack>
  );
}
