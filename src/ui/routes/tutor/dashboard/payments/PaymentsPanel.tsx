// The tutor dashboard's Payments tab (issue 5, D1): this month's total and, at
// MIN_KYC_APPROVED, what is left of the ₹50,000 acceptance limit (D10); the payments received
// in a range of IST days, a page at a time; and 'Export CSV' of that range (default: this
// month). Phone-first: the table scrolls sideways with the key columns first.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import {
  Alert,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import {
  pagedListMachine,
  type Page,
  type PageRequest,
} from '../../../../../../machines/pagedList/pagedList.machine';
import {
  paymentsExportMachine,
  type ExportedFile,
  type PaymentsExportActorRef,
} from '../../../../../../machines/paymentsExport/paymentsExport.machine';
import {
  exportPaymentsReceived,
  fetchPaymentsReceived,
  type PaymentReceivedRow,
  type PaymentsSummary,
} from '../../../../../api/actors/tutorMoney';
import { saveBlob } from '../../../../../browser/download';
import { apiMessages } from '../../../../../domain/apiMessages';
import { DATE_PICKER_MAX, DATE_PICKER_MIN } from '../../../../../domain/constants';
import { dashboardTexts } from '../../../../../domain/dashboardTexts';
import {
  isCompleteRange,
  rangeProblem,
  thisIstMonth,
  type IstDateRange,
} from '../../../../../domain/dateRange';
import { formatINR } from '../../../../../domain/money';
import type { TutorTabPanelProps } from '../tutorTabs';
import { istDateTime } from './listParts';
import { payoutText } from '../payouts/paymentPayout';
import { useEndSessionWhen } from '../../../../app/session';
import { ListTable, type Column } from '../../../../components/ListTable';
import { useClock } from '../../../../app/clock';

const t = dashboardTexts.tutor.payments;

const paymentsListMachine = pagedListMachine<PaymentReceivedRow, IstDateRange>();
export type PaymentsListRef = ReturnType<typeof useActorRef<typeof paymentsListMachine>>;

const providedList = paymentsListMachine.provide({
  actors: {
    fetchPage: fromPromise<Page<PaymentReceivedRow>, PageRequest<IstDateRange>>(
      ({ input, signal }) => fetchPaymentsReceived(input, signal),
    ),
  },
});

const providedExport = paymentsExportMachine.provide({
  actors: {
    exportFile: fromPromise<ExportedFile, IstDateRange>(({ input, signal }) =>
      exportPaymentsReceived(input, signal),
    ),
  },
  actions: { saveFile: (_, file) => saveBlob(file.blob, file.fileName) },
});

/** The page's summary (every page of payments received carries it). */
function summaryOf(data: Page<PaymentReceivedRow> | null): PaymentsSummary | null {
  if (!data || !('summary' in data)) return null;
  return (data as { summary: PaymentsSummary }).summary;
}

function SummaryCard({ list }: { list: PaymentsListRef }) {
  const summary = useSelector(list, (s) => summaryOf(s.context.data));
  if (!summary) return null;
  const limit = summary.acceptanceLimit;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t.thisMonth}>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t.thisMonth}
        </Text>
        <Text fz="xl" fw={700}>
          {formatINR(summary.received)}
        </Text>
        <Text size="sm">{t.thisMonthTotal(summary.count)}</Text>
        {limit ? (
          <Stack gap={4} mt="sm" aria-label={t.limitTitle} component="section">
            <Text size="sm" fw={600}>
              {t.limitTitle}
            </Text>
            <Text size="sm">{t.limitLeft(formatINR(limit.remaining), formatINR(limit.limit))}</Text>
            <Progress
              value={limit.limit > 0 ? Math.min(100, (limit.used / limit.limit) * 100) : 100}
              aria-label={t.limitUsed(formatINR(limit.used))}
            />
            <Text size="xs" c="dimmed">
              {t.limitHint}
            </Text>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function RangeForm({
  list,
  exporter,
}: {
  list: PaymentsListRef;
  exporter: PaymentsExportActorRef;
}) {
  const applied = useSelector(list, (s) => s.context.filter);
  const [draft, setDraft] = useState<IstDateRange>(applied);
  const problem = rangeProblem(draft);
  const change = (side: keyof IstDateRange, value: string) => {
    const next = { ...draft, [side]: value };
    setDraft(next);
    if (rangeProblem(next) === null) list.send({ type: 'filter.change', filter: next });
  };
  const exporting = useSelector(exporter, (s) => s.hasTag('loading'));
  const exportError = useSelector(exporter, (s) => (s.hasTag('error') ? s.context.error : null));
  const exported = useSelector(exporter, (s) => (s.matches('done') ? s.context.fileName : null));
  const canExport = problem === null && isCompleteRange(applied);
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm">
        <TextInput
          type="date"
          label={t.from}
          value={draft.from}
          min={DATE_PICKER_MIN}
          max={draft.to || DATE_PICKER_MAX}
          onChange={(event) => change('from', event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t.to}
          value={draft.to}
          min={draft.from || DATE_PICKER_MIN}
          max={DATE_PICKER_MAX}
          onChange={(event) => change('to', event.currentTarget.value)}
        />
        <Button
          variant="light"
          loading={exporting}
          disabled={!canExport}
          onClick={() => exporter.send({ type: 'export', range: applied })}
        >
          {t.exportCsv}
        </Button>
      </Group>
      {problem ? (
        <Text size="sm" c="red" role="alert">
          {problem === 'invalidDay' ? t.invalidDay : t.toBeforeFrom}
        </Text>
      ) : !isCompleteRange(applied) ? (
        <Text size="sm" c="dimmed">
          {t.exportNeedsRange}
        </Text>
      ) : null}
      {exportError ? (
        <Alert color="red" role="alert">
          {exportError}
        </Alert>
      ) : null}
      {exported ? (
        <Text size="sm" c="green.8" role="status">
          {t.exported(exported)}
        </Text>
      ) : null}
    </Stack>
  );
}

function statusText(row: PaymentReceivedRow): string {
  if (row.refundStatus) return t.refundStatus(apiMessages.refunds.statusLabels[row.refundStatus]);
  return row.orderStatus === 'PAID' ? t.paidStatus : row.orderStatus;
}

const columns = (): Column<PaymentReceivedRow>[] => [
  { header: t.columns.paidAt, cell: (row) => istDateTime(row.paidAt) },
  { header: t.columns.student, cell: (row) => row.studentName },
  { header: t.columns.amount, cell: (row) => formatINR(row.amount) },
  { header: t.columns.fee, cell: (row) => formatINR(row.fee) },
  { header: t.columns.status, cell: statusText },
  {
    header: t.columns.settlement,
    cell: (row) =>
      row.payout
        ? payoutText(row.payout)
        : row.settlesAt
          ? istDateTime(row.settlesAt)
          : t.noSettlement,
  },
];

export function PaymentsPanel(_props: TutorTabPanelProps) {
  const now = useClock();
  const [range] = useState(() => thisIstMonth(now()));
  const list = useActorRef(providedList, { input: { filter: range } });
  const exporter = useActorRef(providedExport);
  useEndSessionWhen(useSelector(exporter, (s) => s.matches('unauthorized')));
  return (
    <Stack gap="md">
      <SummaryCard list={list} />
      <Title order={2} size="h4">
        {t.title}
      </Title>
      <RangeForm list={list} exporter={exporter} />
      <ListTable
        list={list}
        title={t.title}
        loadFailed={t.loadFailed}
        empty={t.empty}
        columns={columns()}
        rowKey={(row) => row.orderId}
        minWidth={720}
      />
    </Stack>
  );
}
