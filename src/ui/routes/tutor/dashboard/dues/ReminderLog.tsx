// The Dues tab's reminder log (D148, D151): every reminder sent, failed or skipped (and why),
// and who replied STOP. Renders the duesTab machine's reminders child.
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ReminderLogPage, ReminderRow } from '../../../../../../machines/duesTab/dueRows';
import type { PagedListActorRef } from '../../../../../../machines/pagedList/pagedList.machine';
import { formatINR, rupeesToPaise } from '../../../../../domain/money';
import { studentsTexts } from '../../../../../domain/studentsTexts';
import { ListTable, type Column } from '../../../../components/ListTable';
import { dueDayText } from './dueStatus';

const t = studentsTexts.duesTab.log;

const columns = (): Column<ReminderRow>[] => [
  { header: t.columns.day, cell: (r) => dueDayText(r.day) },
  { header: t.columns.payer, cell: (r) => `${r.payer_name} ${r.payer_phone}` },
  { header: t.columns.channel, cell: (r) => t.channels[r.channel] },
  {
    header: t.columns.amount,
    // Nothing was asked of a payer skipped (D239): a dash, not '₹0.00'.
    cell: (r) => (r.amount === null ? '—' : formatINR(rupeesToPaise(r.amount))),
  },
  {
    header: t.columns.status,
    cell: (r) =>
      r.skipped
        ? `${t.statuses.skipped}: ${t.skipped[r.skipped]}`
        : [
            `${t.statuses[r.status]}${r.error ? `: ${r.error}` : ''}`,
            r.whatsapp_error ? t.whatsappFailed(r.whatsapp_error) : '',
          ]
            .filter(Boolean)
            .join('. '),
  },
];

export function ReminderLog({ log }: { log: PagedListActorRef<ReminderRow, null> }) {
  const stopped = useSelector(
    log,
    (s) => (s.context.data as ReminderLogPage | null)?.stopped ?? NOBODY,
  );
  return (
    <Stack gap="sm" component="section" aria-label={t.title}>
      <Title order={3} size="h5">
        {t.title}
      </Title>
      {stopped.length > 0 ? (
        <Text size="sm">{t.stopped(stopped.map((s) => s.payer_name).join(', '))}</Text>
      ) : null}
      <ListTable
        list={log}
        title={t.title}
        loadFailed={t.loadFailed}
        empty={t.empty}
        columns={columns()}
        rowKey={(r) => String(r.id)}
        minWidth={640}
      />
    </Stack>
  );
}

const NOBODY: ReminderLogPage['stopped'] = [];
