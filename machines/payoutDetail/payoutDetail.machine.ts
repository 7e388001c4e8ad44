// One payout opened on the Payouts tab (issue 50, D271): its figures and, a page at a time,
// the payments, refunds and adjustments it carried.
//
//   closed ──payout.open──▶ loading ──done──▶ shown ──page.goto──▶ loading (the page stays)
//                              └──error──▶ failed ──payout.retry──▶ loading
//   loading, shown, failed ──payout.close──▶ closed (the list again)
//   loading ──401──▶ unauthorized (final: the page sends the tutor to login)
//
// The call is abstract (`fetchPayout`).
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { messages } from '../../src/domain/messages';
import type { Paise } from '../../src/domain/money';
import type { PayoutItemKind, PayoutStatus } from '../../src/domain/statuses';
import { abstractPromise } from '../shared/abstract';
import { isUnauthorized, serverText } from '../shared/failure';

export interface PayoutSummary {
  id: number;
  settlementId: string;
  status: PayoutStatus;
  utr: string | null;
  reason: string | null;
  initiatedAt: string | null;
  settledAt: string | null;
  gross: Paise;
  refunds: Paise;
  fees: Paise;
  feesGst: Paise;
  adjustment: Paise;
  net: Paise;
  items: number;
}

export interface PayoutItem {
  kind: PayoutItemKind;
  orderId: string | null;
  studentName: string | null;
  paidAt: string | null;
  amount: Paise;
  fees: Paise;
  feesGst: Paise;
  net: Paise;
}

export interface PayoutPage {
  payout: PayoutSummary;
  items: PayoutItem[];
  page: number;
  page_size: number;
  count: number;
}

export interface PayoutDetailContext {
  id: number | null;
  page: number;
  data: PayoutPage | null;
  error: string | null;
}

export type PayoutDetailEvent =
  | { type: 'payout.open'; id: number }
  | { type: 'payout.close' }
  | { type: 'payout.retry' }
  | { type: 'page.goto'; page: number };

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

/** How many pages the payout's items span (at least 1). */
export const itemPages = (data: PayoutPage | null): number =>
  !data || data.count === 0 ? 1 : Math.ceil(data.count / data.page_size);

export const payoutDetailMachine = setup({
  types: {
    context: {} as PayoutDetailContext,
    events: {} as PayoutDetailEvent,
  },
  actors: {
    fetchPayout: abstractPromise<PayoutPage, { id: number; page: number }>('fetchPayout'),
  },
  guards: {
    otherPage: ({ context }, { page }: { page: number }) =>
      Number.isInteger(page) &&
      page >= 1 &&
      page <= itemPages(context.data) &&
      page !== context.page,
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
  },
}).createMachine({
  id: 'payoutDetail',
  description: 'One payout opened: its figures and the payments in it, a page at a time.',
  context: { id: null, page: 1, data: null, error: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'payout.open': {
          target: 'loading',
          actions: assign({ id: ({ event }) => event.id, page: 1, data: null, error: null }),
        },
      },
    },
    loading: {
      tags: 'loading',
      on: { 'payout.close': { target: 'closed', actions: assign({ id: null, data: null }) } },
      invoke: {
        id: 'fetchPayout',
        src: 'fetchPayout',
        input: ({ context }) => ({ id: context.id!, page: context.page }),
        onDone: {
          target: 'shown',
          actions: assign({
            data: ({ event }) => event.output,
            page: ({ event }) => event.output.page,
          }),
        },
        onError: [
          { guard: 'unauthorized', target: 'unauthorized' },
          {
            target: 'failed',
            actions: assign({
              error: ({ event }) => serverText(errorOf(event), messages.generic.somethingWrong),
            }),
          },
        ],
      },
    },
    shown: {
      on: {
        'payout.close': { target: 'closed', actions: assign({ id: null, data: null }) },
        'page.goto': {
          guard: { type: 'otherPage', params: ({ event }) => ({ page: event.page }) },
          target: 'loading',
          actions: assign({ page: ({ event }) => event.page }),
        },
      },
    },
    failed: {
      tags: 'error',
      on: {
        'payout.retry': { target: 'loading', actions: assign({ error: null }) },
        'payout.close': {
          target: 'closed',
          actions: assign({ id: null, data: null, error: null }),
        },
      },
    },
    unauthorized: { type: 'final' },
  },
});

export type PayoutDetailActorRef = ActorRefFrom<typeof payoutDetailMachine>;
export type PayoutDetailSnapshot = SnapshotFrom<typeof payoutDetailMachine>;
