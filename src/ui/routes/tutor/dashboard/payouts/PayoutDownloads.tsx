// The Payouts tab's files for the tutor's accountant (issue 50, D270, D271): the payouts of a
// range of days item by item (the paymentsExport machine over the payouts CSV), and a
// financial year's statement of payouts, GST register or its GSTR-1 B2CS summary (the
// yearExport machine).
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import {
  paymentsExportMachine,
  type ExportedFile,
} from '../../../../../../machines/paymentsExport/paymentsExport.machine';
import {
  yearExportMachine,
  type YearExportActorRef,
  type YearFileKind,
} from '../../../../../../machines/yearExport/yearExport.machine';
import { exportPayouts, exportYearFile } from '../../../../../api/actors/tutorPayouts';
import { saveBlob } from '../../../../../browser/download';
import {
  isCompleteRange,
  rangeProblem,
  thisIstMonth,
  type IstDateRange,
} from '../../../../../domain/dateRange';
import { financialYear, financialYearOf } from '../../../../../domain/financialYear';
import { taxTexts } from '../../../../../domain/taxTexts';
import { dashboardTexts } from '../../../../../domain/dashboardTexts';
import { DATE_PICKER_MAX, DATE_PICKER_MIN } from '../../../../../domain/constants';
import { useClock } from '../../../../app/clock';
import { useEndSessionWhen } from '../../../../app/session';
import { TextInput } from '@mantine/core';

const t = taxTexts.payouts;
const p = dashboardTexts.tutor.payments;

const payoutsExport = paymentsExportMachine.provide({
  actors: {
    exportFile: fromPromise<ExportedFile, IstDateRange>(({ input, signal }) =>
      exportPayouts(input, signal),
    ),
  },
  actions: { saveFile: (_, file) => saveBlob(file.blob, file.fileName) },
});

export const yearExportLive = yearExportMachine.provide({
  actors: { exportFile: fromPromise(({ input, signal }) => exportYearFile(input, signal)) },
  actions: { saveFile: (_, file) => saveBlob(file.blob, file.fileName) },
});

/** The year's files and their buttons' words (read when shown: the catalog loads with the tab). */
const kinds = (): [YearFileKind, string][] => [
  ['statement', t.statement],
  ['register', t.register],
  ['b2cs', t.b2cs],
];

/** The year's three files (the yearExport machine's view). */
export function YearFiles({ actor, years }: { actor: YearExportActorRef; years: string[] }) {
  const [fy, setFy] = useState(years[0] ?? '');
  const exporting = useSelector(actor, (s) => (s.hasTag('loading') ? s.context.request : null));
  const error = useSelector(actor, (s) => (s.hasTag('error') ? s.context.error : null));
  const done = useSelector(actor, (s) => (s.matches('done') ? s.context.fileName : null));
  return (
    <Stack gap="xs">
      <NativeSelect
        label={t.year}
        data={years}
        value={fy}
        onChange={(e) => setFy(e.currentTarget.value)}
      />
      <Group gap="xs">
        {kinds().map(([kind, label]) => (
          <Button
            key={kind}
            variant="light"
            loading={exporting?.kind === kind}
            disabled={exporting !== null && exporting.kind !== kind}
            onClick={() => actor.send({ type: 'export', kind, fy })}
          >
            {label}
          </Button>
        ))}
      </Group>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Text size="sm" c="green.8" role="status">
        {done ? t.exported(done) : ''}
      </Text>
    </Stack>
  );
}

function RangeFile() {
  const now = useClock();
  const [range, setRange] = useState<IstDateRange>(() => thisIstMonth(now()));
  const exporter = useActorRef(payoutsExport);
  useEndSessionWhen(useSelector(exporter, (s) => s.matches('unauthorized')));
  const exporting = useSelector(exporter, (s) => s.hasTag('loading'));
  const error = useSelector(exporter, (s) => (s.hasTag('error') ? s.context.error : null));
  const done = useSelector(exporter, (s) => (s.matches('done') ? s.context.fileName : null));
  const problem = rangeProblem(range);
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm">
        <TextInput
          type="date"
          label={p.from}
          value={range.from}
          min={DATE_PICKER_MIN}
          max={range.to || DATE_PICKER_MAX}
          onChange={(e) => setRange({ ...range, from: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={p.to}
          value={range.to}
          min={range.from || DATE_PICKER_MIN}
          max={DATE_PICKER_MAX}
          onChange={(e) => setRange({ ...range, to: e.currentTarget.value })}
        />
        <Button
          variant="light"
          loading={exporting}
          disabled={problem !== null || !isCompleteRange(range)}
          onClick={() => exporter.send({ type: 'export', range })}
        >
          {t.exportCsv}
        </Button>
      </Group>
      {problem ? (
        <Text size="sm" c="red.8" role="alert">
          {problem === 'invalidDay' ? p.invalidDay : p.toBeforeFrom}
        </Text>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Text size="sm" c="green.8" role="status">
        {done ? t.exported(done) : ''}
      </Text>
    </Stack>
  );
}

export function PayoutDownloads() {
  const now = useClock();
  const current = financialYearOf(now()).startYear;
  const years = [current, current - 1, current - 2].map((year) => financialYear(year).label);
  const actor = useActorRef(yearExportLive);
  useEndSessionWhen(useSelector(actor, (s) => s.matches('unauthorized')));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t.downloads}>
      <Stack gap="md">
        <Title order={3} size="h5">
          {t.downloads}
        </Title>
        <RangeFile />
        <YearFiles actor={actor} years={years} />
      </Stack>
    </Paper>
  );
}
