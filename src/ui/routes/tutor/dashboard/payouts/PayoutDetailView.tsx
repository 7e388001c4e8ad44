// One opened payout (issue 50, D271), rendering the payoutDetail machine: 'All payouts' back,
// the payout's card, then what it carried (each payment with its student, each refund taken
// out, each adjustment), a page at a time.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  itemPages,
  type PayoutDetailActorRef,
  type PayoutItem,
} from '../../../../../../machines/payoutDetail/payoutDetail.machine';
import { dashboardTexts } from '../../../../../domain/dashboardTexts';
import { formatINR } from '../../../../../domain/money';
import { taxTexts } from '../../../../../domain/taxTexts';
import { istDateTime } from '../payments/listParts';
import { PayoutCard } from './PayoutCard';

const t = taxTexts.payouts;
const common = dashboardTexts.common;

function ItemCard({ item }: { item: PayoutItem }) {
  const name = item.studentName ?? item.orderId ?? t.itemKinds[item.kind];
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="li"
      aria-label={`${t.itemKinds[item.kind]}: ${name}`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t.itemKinds[item.kind]}: {name}
          </Text>
          {item.paidAt ? (
            <Text size="sm" c="dimmed">
              {t.paidAt}: {istDateTime(item.paidAt)}
            </Text>
          ) : null}
          <Text size="sm">
            {t.itemFigures(formatINR(item.amount), formatINR(item.fees), formatINR(item.feesGst))}
          </Text>
        </Stack>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {formatINR(item.net)}
        </Text>
      </Group>
    </Paper>
  );
}

export function PayoutDetailView({ actor }: { actor: PayoutDetailActorRef }) {
  const value = useSelector(actor, (s) => s.value);
  const data = useSelector(actor, (s) => s.context.data);
  const error = useSelector(actor, (s) => s.context.error);
  const page = useSelector(actor, (s) => s.context.page);
  const pages = itemPages(data);
  const loading = value === 'loading';
  return (
    <Stack gap="md">
      <Group>
        <Button variant="default" onClick={() => actor.send({ type: 'payout.close' })}>
          {t.back}
        </Button>
      </Group>
      {value === 'failed' ? (
        <Alert color="red" role="alert" title={t.loadFailed}>
          <Text size="sm">{error}</Text>
          <Button
            mt="sm"
            size="xs"
            variant="light"
            onClick={() => actor.send({ type: 'payout.retry' })}
          >
            {common.retry}
          </Button>
        </Alert>
      ) : null}
      {!data && loading ? <Loader size="sm" aria-label={common.loading} /> : null}
      {data ? (
        <>
          <Title order={2} size="h4">
            {t.title}
          </Title>
          <PayoutCard payout={data.payout} />
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.items.map((item, i) => (
              <ItemCard key={`${item.kind}${item.orderId ?? ''}${i}`} item={item} />
            ))}
          </Stack>
          {pages > 1 ? (
            <Group component="nav" aria-label={t.title} justify="space-between" wrap="nowrap">
              <Button
                variant="default"
                size="sm"
                disabled={page <= 1 || loading}
                onClick={() => actor.send({ type: 'page.goto', page: page - 1 })}
              >
                {common.previous}
              </Button>
              <Text size="sm">{common.pageOf(page, pages)}</Text>
              <Button
                variant="default"
                size="sm"
                disabled={page >= pages || loading}
                onClick={() => actor.send({ type: 'page.goto', page: page + 1 })}
              >
                {common.next}
              </Button>
            </Group>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
