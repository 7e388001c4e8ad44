// What the Dues table shows (D239): a search by name, phone or plan, a status and a batch, and
// how many of the month's dues that leaves. Renders the duesFilter machine.
import '@mantine/core/styles/Input.css';
import { Button, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  isFiltered,
  type DuesFilterActorRef,
} from '../../../../../../machines/duesFilter/duesFilter.machine';
import { DUE_FILTERS, type DueFilter } from '../../../../../domain/duesLedger';
import type { BatchCount } from '../../../../../domain/students';
import { studentsTexts } from '../../../../../domain/studentsTexts';

const t = studentsTexts.duesTab.filters;
/** The batch select's value for every batch (a batch key is never empty). */
const EVERY = '';

export function DuesFilters({
  actor,
  batches,
  shown,
  total,
}: {
  actor: DuesFilterActorRef;
  batches: readonly BatchCount[];
  shown: number;
  total: number;
}) {
  const query = useSelector(actor, (s) => s.context);
  return (
    <Group role="search" aria-label={t.label} gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        type="search"
        label={t.search}
        value={query.search}
        onChange={(e) => actor.send({ type: 'filter.search', value: e.currentTarget.value })}
        w={{ base: '100%', sm: 260 }}
      />
      <NativeSelect
        label={t.status}
        value={query.status}
        data={DUE_FILTERS.map((status) => ({ value: status, label: t.statuses[status] }))}
        onChange={(e) =>
          actor.send({ type: 'filter.status', status: e.currentTarget.value as DueFilter })
        }
      />
      {batches.length > 1 ? (
        <NativeSelect
          label={t.batch}
          value={query.batch ?? EVERY}
          data={[
            { value: EVERY, label: t.allBatches },
            ...batches.map((b) => ({ value: b.key, label: b.batch })),
          ]}
          onChange={(e) =>
            actor.send({ type: 'filter.batch', batch: e.currentTarget.value || null })
          }
        />
      ) : null}
      {isFiltered(query) ? (
        <Button variant="subtle" onClick={() => actor.send({ type: 'filter.clear' })}>
          {t.showAll}
        </Button>
      ) : null}
      <Text size="sm" aria-live="polite" style={{ flexBasis: '100%' }}>
        {isFiltered(query) ? t.showing(shown, total) : ''}
      </Text>
    </Group>
  );
}
