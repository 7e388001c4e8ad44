// The Dues tab's month (D146): which month it is (Previous, Next), its figures, the six months'
// chart up to it, and its ledger as a CSV. Each part renders one child of the duesTab machine.
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { DueRow, DuesPage, MonthFigures } from '../../../../../../machines/duesTab/dueRows';
import type { DuesTabActorRef } from '../../../../../../machines/duesTab/duesTab.machine';
import type { PagedListActorRef } from '../../../../../../machines/pagedList/pagedList.machine';
import type { PaymentsExportActorRef } from '../../../../../../machines/paymentsExport/paymentsExport.machine';
import { duePeriodLabel } from '../../../../../domain/duePeriod';
import { monthTitle } from '../../../../../domain/feePlans';
import { formatINR } from '../../../../../domain/money';
import { studentsTexts } from '../../../../../domain/studentsTexts';
import { ListState } from '../../../../components/PagedListParts';

const t = studentsTexts.duesTab;

export function MonthSwitch({ tab }: { tab: DuesTabActorRef }) {
  const month = useSelector(tab, (s) => s.context.month);
  return (
    <Group gap="xs" aria-label={t.monthLabel} role="group">
      <Button variant="default" size="xs" onClick={() => tab.send({ type: 'month.shift', by: -1 })}>
        {t.previous}
      </Button>
      <Text fw={600} aria-live="polite">
        {monthTitle(month)}
      </Text>
      <Button variant="default" size="xs" onClick={() => tab.send({ type: 'month.shift', by: 1 })}>
        {t.next}
      </Button>
    </Group>
  );
}

export function Figures({ list }: { list: PagedListActorRef<DueRow, string> }) {
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

/** Collected against expected, month by month: one bar each, its figures written beside. */
export function MonthsChart({ chart }: { chart: PagedListActorRef<MonthFigures, string> }) {
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

/** The month's ledger as a CSV: the tab asks its exporter for the month shown. */
export function ExportButton({
  tab,
  exporter,
}: {
  tab: DuesTabActorRef;
  exporter: PaymentsExportActorRef;
}) {
  const exporting = useSelector(exporter, (s) => s.hasTag('loading'));
  const fileName = useSelector(exporter, (s) => (s.matches('done') ? s.context.fileName : null));
  const error = useSelector(exporter, (s) => s.context.error);
  return (
    <Group gap="sm">
      <Button variant="light" loading={exporting} onClick={() => tab.send({ type: 'dues.export' })}>
        {t.exportCsv}
      </Button>
      <Text size="sm" role="status">
        {exporting ? t.exporting : fileName ? t.exported(fileName) : (error ?? '')}
      </Text>
    </Group>
  );
}
