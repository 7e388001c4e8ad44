// Path model of the receipt machine, shared by its vitest suite and scripts/path-coverage.ts.
import assert from 'node:assert/strict';
import { receiptMachine } from '../../machines/receipt/receipt.machine';
import type { Receipt } from '../../machines/studentDashboard/studentPayments';
import type { EventFixtures, PathModel } from '../support/paths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

export const RECEIPT: Receipt = {
  receiptNumber: 'ord_1',
  orderId: 'ord_1',
  payee: { name: 'Asha Verma', username: 'asha-verma' },
  payer: { name: 'Priya Sharma', phone: '9876543212' },
  paidAt: '2025-01-15T11:16:05+05:30',
  method: 'card',
  bankReference: '1234567890',
  amount: 200000,
  fee: 2000,
  charges: 388,
  total: 202388,
  refund: null,
};

export interface ReceiptWorld {
  fetch: FakeCall<Receipt, { orderId: string }>;
}

export const receiptWorld = (): ReceiptWorld => ({ fetch: fakeCall() });

export const provideReceipt = (w: ReceiptWorld) =>
  receiptMachine.provide({ actors: { fetchReceipt: w.fetch.logic } });

export const receiptEvents = {
  'receipt.retry': [{ type: 'receipt.retry' }],
} satisfies EventFixtures<typeof receiptMachine, ReceiptWorld>;

export const receiptPathModel: PathModel<typeof receiptMachine, ReceiptWorld> = {
  name: 'receipt',
  machine: receiptMachine,
  inputs: [{ orderId: 'ord_1' }],
  world: receiptWorld,
  provide: provideReceipt,
  events: receiptEvents,
  internal: {
    'xstate.done.actor.fetchReceipt': doneFixture(
      'fetchReceipt',
      [RECEIPT],
      (w: ReceiptWorld) => w.fetch,
    ),
    'xstate.error.actor.fetchReceipt': errorFixture(
      'fetchReceipt',
      [http(404), http(401), offline],
      (w: ReceiptWorld) => w.fetch,
    ),
  },
  states: {
    loading: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      assert.deepEqual(world.fetch.last().input, { orderId: 'ord_1' });
    },
    shown: ({ context }) => assert.deepEqual(context.receipt, RECEIPT),
    failed: (snapshot) => {
      assert.ok(snapshot.hasTag('error'));
      assert.ok(snapshot.context.error);
    },
    missing: ({ status, context }) => {
      assert.equal(status, 'done');
      assert.ok(context.error);
    },
    unauthorized: ({ status }) => assert.equal(status, 'done'),
  },
};
