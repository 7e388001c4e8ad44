// Path model of the payoutDetail machine (one payout opened on the Payouts tab), walked on the
// machine and through its view: the payout's card, its payments, the pager, back to the list.
import assert from 'node:assert/strict';
import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { expect } from 'vitest';
import {
  payoutDetailMachine,
  type PayoutDetailActorRef,
  type PayoutPage,
} from '../../machines/payoutDetail/payoutDetail.machine';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { messages } from '../../src/domain/messages';
import { taxTexts } from '../../src/domain/taxTexts';
import { PayoutDetailView } from '../../src/ui/routes/tutor/dashboard/payouts/PayoutDetailView';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, queryButton } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

const t = taxTexts.payouts;
const common = dashboardTexts.common;

/** A payout of two pages (21 items): page 1 shows Priya's card payment. */
export const PAYOUT_PAGE: PayoutPage = {
  payout: {
    id: 3,
    settlementId: '4234233',
    status: 'settled',
    utr: 'CFSBN250116000001',
    reason: null,
    initiatedAt: '2025-01-16T17:00:00+05:30',
    settledAt: '2025-01-16T17:05:00+05:30',
    gross: 302488,
    refunds: 0,
    fees: 2024,
    feesGst: 364,
    adjustment: 0,
    net: 300100,
    items: 21,
  },
  items: [
    {
      kind: 'payment',
      orderId: 'ord_1',
      studentName: 'Priya Sharma',
      paidAt: '2025-01-15T10:00:00+05:30',
      amount: 202388,
      fees: 2024,
      feesGst: 364,
      net: 200000,
    },
  ],
  page: 1,
  page_size: 20,
  count: 21,
};
const PAGE_TWO: PayoutPage = { ...PAYOUT_PAGE, page: 2, items: [] };

export interface PayoutDetailWorld {
  fetch: FakeCall<PayoutPage, { id: number; page: number }>;
}

export const payoutDetailWorld = (): PayoutDetailWorld => ({ fetch: fakeCall() });

export const providePayoutDetail = (w: PayoutDetailWorld) =>
  payoutDetailMachine.provide({ actors: { fetchPayout: w.fetch.logic } });

export const payoutDetailEvents = {
  'payout.open': [{ type: 'payout.open', id: 3 }],
  'payout.close': [{ type: 'payout.close' }],
  'payout.retry': [{ type: 'payout.retry' }],
  'page.goto': [
    { type: 'page.goto', page: 2 },
    { type: 'page.goto', page: 1 },
  ],
} satisfies EventFixtures<typeof payoutDetailMachine, PayoutDetailWorld>;

export const payoutDetailScreen: UiLayer<typeof payoutDetailMachine, PayoutDetailWorld> = {
  // The list's 'Open' is the list's; here the opened payout's view, with an Open for the closed one.
  view: ({ actor }) => <OpenOrDetail actor={actor} />,
  gestures: {
    'payout.open': (_, ui) => clickOn(queryButton(t.open), ui),
    'payout.close': (_, ui) => clickOn(queryButton(t.back), ui),
    'payout.retry': (_, ui) => clickOn(queryButton(common.retry), ui),
    'page.goto': ({ page }, ui) =>
      clickOn(
        queryButton(page > ui.actor.getSnapshot().context.page ? common.next : common.previous),
        ui,
      ),
  },
  screens: {
    closed: () => {
      expect(queryButton(t.back)).toBeNull();
      expect(buttonNamed(t.open)).toBeEnabled();
    },
    loading: ({ context }) => {
      expect(buttonNamed(t.back)).toBeEnabled();
      if (!context.data) expect(screen.getByLabelText(common.loading)).toBeInTheDocument();
    },
    shown: ({ context }) => {
      const card = screen.getByRole('article');
      expect(card).toHaveTextContent('₹3,001.00');
      expect(card).toHaveTextContent('CFSBN250116000001');
      expect(card).toHaveTextContent(t.statuses.settled);
      expect(screen.getByText(common.pageOf(context.page, 2))).toBeInTheDocument();
      if (context.page === 1) {
        expect(
          screen.getByRole('listitem', { name: `${t.itemKinds.payment}: Priya Sharma` }),
        ).toHaveTextContent('₹2,000.00');
      }
    },
    failed: ({ context }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
    },
    unauthorized: null,
  },
};

/** What the Payouts tab renders for this machine: an Open button while closed, else the view. */
function OpenOrDetail({ actor }: { actor: PayoutDetailActorRef }) {
  const closed = useSelector(actor, (s) => s.matches('closed'));
  if (closed) {
    return <Button onClick={() => actor.send({ type: 'payout.open', id: 3 })}>{t.open}</Button>;
  }
  return <PayoutDetailView actor={actor} />;
}

export const payoutDetailPathModel: PathModel<typeof payoutDetailMachine, PayoutDetailWorld> = {
  name: 'payoutDetail',
  machine: payoutDetailMachine,
  world: payoutDetailWorld,
  provide: providePayoutDetail,
  events: payoutDetailEvents,
  ui: payoutDetailScreen,
  internal: {
    'xstate.done.actor.fetchPayout': doneFixture(
      'fetchPayout',
      [PAYOUT_PAGE, PAGE_TWO],
      (w: PayoutDetailWorld) => w.fetch,
    ),
    'xstate.error.actor.fetchPayout': errorFixture(
      'fetchPayout',
      [http(404, 'This payout was not found.'), http(401), offline],
      (w: PayoutDetailWorld) => w.fetch,
    ),
  },
  states: {
    closed: ({ context }) => {
      assert.equal(context.id, null);
      assert.equal(context.data, null);
    },
    loading: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      assert.deepEqual(world.fetch.last().input, { id: 3, page: snapshot.context.page });
    },
    shown: ({ context }) => {
      assert.equal(context.data?.payout.id, 3);
      assert.equal(context.data?.page, context.page);
    },
    failed: ({ context }) => {
      assert.ok(
        ['This payout was not found.', messages.generic.network].includes(context.error ?? ''),
      );
    },
    unauthorized: ({ status }) => assert.equal(status, 'done'),
  },
};
