// The tutor dashboard's Payouts tab (issue 50, D271): what is paid but not yet paid out and
// when the next payout is expected, each payout to the bank as a card (status, UTR, figures),
// one opened to see what it carried, and the files for the accountant. It reads only what the
// worker keeps from the gateway (D268). A small self-contained view: its own machines, cards
// that fit a phone.
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  pagedListMachine,
  type Page,
  type PageRequest,
} from '../../../../../../machines/pagedList/pagedList.machine';
import {
  payoutDetailMachine,
  type PayoutDetailActorRef,
  type PayoutSummary,
} from '../../../../../../machines/payoutDetail/payoutDetail.machine';
import {
  fetchPayout,
  fetchPayouts,
  type PayoutsPage,
} from '../../../../../api/actors/tutorPayouts';
import { formatINR } from '../../../../../domain/money';
import { formatIstDate } from '../../../../../domain/istDate';
import { taxTexts } from '../../../../../domain/taxTexts';
import { useEndSessionWhen } from '../../../../app/session';
import { ListState, Pager } from '../../../../components/PagedListParts';
import type { TutorTabPanelProps } from '../tutorTabs';
import { PayoutCard } from './PayoutCard';
import { PayoutDetailView } from './PayoutDetailView';
import { PayoutDownloads } from './PayoutDownloads';

const t = taxTexts.payouts;

const payoutsList = pagedListMachine<PayoutSummary, null>().provide({
  actors: {
    fetchPage: fromPromise<Page<PayoutSummary>, PageRequest<null>>(({ input, signal }) =>
      fetchPayouts(input, signal),
    ),
  },
});
type PayoutsListRef = ReturnType<typeof useActorRef<typeof payoutsList>>;

export const payoutDetailLive = payoutDetailMachine.provide({
  actors: { fetchPayout: fromPromise(({ input, signal }) => fetchPayout(input, signal)) },
});

function Upcoming({ list }: { list: PayoutsListRef }) {
  const upcoming = useSelector(
    list,
    (s) => (s.context.data as PayoutsPage | null)?.upcoming ?? null,
  );
  if (!upcoming || upcoming.count === 0 || !upcoming.expectedAt) return null;
  return (
    <Text role="status">
      {t.upcoming(
        upcoming.count,
        formatINR(upcoming.amount),
        formatIstDate(new Date(upcoming.expectedAt), { withYear: true }),
      )}
    </Text>
  );
}

function PayoutList({ list, detail }: { list: PayoutsListRef; detail: PayoutDetailActorRef }) {
  const items = useSelector(list, (s) => s.context.data?.items ?? []);
  return (
    <ListState list={list} title={t.loadFailed} empty={t.empty}>
      <Stack gap="sm">
        {items.map((payout) => (
          <PayoutCard
            key={payout.id}
            payout={payout}
            action={
              <Button
                size="xs"
                variant="light"
                onClick={() => detail.send({ type: 'payout.open', id: payout.id })}
              >
                {t.open}
              </Button>
            }
          />
        ))}
      </Stack>
    </ListState>
  );
}

export function PayoutsPanel(_props: TutorTabPanelProps) {
  const list = useActorRef(payoutsList, { input: { filter: null } });
  const detail = useActorRef(payoutDetailLive);
  const listGone = useSelector(list, (s) => s.matches('unauthorized'));
  const detailGone = useSelector(detail, (s) => s.matches('unauthorized'));
  useEndSessionWhen(listGone || detailGone);
  const open = useSelector(detail, (s) => !s.matches('closed'));
  if (open) return <PayoutDetailView actor={detail} />;
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t.title}
      </Title>
      <Text size="sm">{t.intro}</Text>
      <Upcoming list={list} />
      <PayoutList list={list} detail={detail} />
      <Pager list={list} label={t.title} />
      <PayoutDownloads />
    </Stack>
  );
}
