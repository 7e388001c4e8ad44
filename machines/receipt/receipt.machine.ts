// The printable receipt of one paid order (issue 5): loads it, or says why there is none.
//
//   loading ──done──▶ shown
//      ├── 404 / 409 ──▶ missing (final: no such receipt for this student, or not paid yet)
//      ├── 401 ──▶ unauthorized (final: to login)
//      └── else ──▶ failed ──receipt.retry──▶ loading
//
// The call is abstract (`fetchReceipt`).
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { messages } from '../../src/domain/messages';
import { abstractPromise } from '../shared/abstract';
import { httpStatus, isUnauthorized, refusalText, unreachableText } from '../shared/failure';
import type { Receipt } from '../studentDashboard/studentPayments';

export interface ReceiptContext {
  orderId: string;
  receipt: Receipt | null;
  /** Why there is no receipt (missing) or the load failed (failed). */
  error: string | null;
}

export type ReceiptEvent = { type: 'receipt.retry' };

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;
const missing = (error: unknown) => {
  const status = httpStatus(error);
  return status === 404 || status === 409;
};

export const receiptMachine = setup({
  types: {
    context: {} as ReceiptContext,
    events: {} as ReceiptEvent,
    input: {} as { orderId: string },
  },
  actors: {
    fetchReceipt: abstractPromise<Receipt, { orderId: string }>('fetchReceipt'),
  },
  guards: {
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
    missing: ({ event }) => missing(errorOf(event)),
  },
}).createMachine({
  id: 'receipt',
  description: 'One paid order’s receipt, or why there is none.',
  context: ({ input }) => ({ orderId: input.orderId, receipt: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchReceipt',
        src: 'fetchReceipt',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: 'shown', actions: assign({ receipt: ({ event }) => event.output }) },
        onError: [
          { guard: 'unauthorized', target: 'unauthorized' },
          {
            guard: 'missing',
            target: 'missing',
            actions: assign({
              // 409: the server says the payment is not complete; 404: no receipt of theirs.
              error: ({ event }) =>
                httpStatus(event.error) === 409
                  ? refusalText(event.error, dashboardTexts.student.receipt.notFound)
                  : dashboardTexts.student.receipt.notFound,
            }),
          },
          {
            target: 'failed',
            actions: assign({
              error: ({ event }) => unreachableText(event.error, messages.generic.somethingWrong),
            }),
          },
        ],
      },
    },
    shown: {},
    failed: { tags: 'error', on: { 'receipt.retry': { target: 'loading' } } },
    missing: { type: 'final' },
    unauthorized: { type: 'final' },
  },
});

export type ReceiptActorRef = ActorRefFrom<typeof receiptMachine>;
export type ReceiptSnapshot = SnapshotFrom<typeof receiptMachine>;
