// Path model of the receipt machine, walked on the machine and through the receipt page's body.
import assert from 'node:assert/strict';
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { receiptMachine } from '../../machines/receipt/receipt.machine';
import type { Receipt } from '../../machines/studentDashboard/studentPayments';
import { apiMessages } from '../../src/domain/apiMessages';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { SessionProvider } from '../../src/ui/app/session';
import { ReceiptScreen } from '../../src/ui/routes/student/receipt/ReceiptFlow';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { clickOn, queryButton } from '../support/uiPaths';
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
  paidFor: [],
  // Issue 50: a registered tutor's tax invoice (₹2,000: taxable 1694.92, CGST and SGST 152.54).
  documents: [
    {
      kind: 'tax_invoice',
      serial: 'INV/2425/000001',
      issuedAt: '2025-01-15T11:16:05+05:30',
      supplier: {
        name: 'Asha Verma',
        gstin: '07ABCPV1234K1ZL',
        address: '4 Hauz Khas, New Delhi',
        stateCode: '07',
        stateName: 'Delhi',
        phone: null,
      },
      recipient: {
        name: 'Priya Sharma',
        gstin: null,
        address: null,
        stateCode: null,
        stateName: null,
        phone: '9876543212',
      },
      placeOfSupply: '07',
      placeOfSupplyName: 'Delhi',
      supplyType: 'intra',
      sac: '999293',
      rate: 18,
      lines: [{ item: 'tuition', purpose: null, amount: 200000, taxable: 169492 }],
      taxable: 169492,
      cgst: 15254,
      sgst: 15254,
      igst: 0,
      total: 200000,
      original: null,
    },
  ],
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

const retryText = dashboardTexts.common.retry;

/** The receipt page's body; its Download PDF sits in the student's session. */
export const receiptScreen: UiLayer<typeof receiptMachine, ReceiptWorld> = {
  view: ({ actor }) => (
    <SessionProvider role="student" logout={fromPromise(async () => {})}>
      <ReceiptScreen actor={actor} />
    </SessionProvider>
  ),
  gestures: {
    'receipt.retry': (_, ui) => clickOn(queryButton(retryText), ui),
  },
  screens: {
    loading: () => {
      expect(screen.getByRole('status')).toHaveTextContent(dashboardTexts.common.loading);
      expect(screen.queryByRole('alert')).toBeNull();
    },
    shown: () => {
      const sheet = screen.getByRole('region', { name: apiMessages.receipts.title });
      expect(within(sheet).getByText(RECEIPT.receiptNumber)).toBeInTheDocument();
      expect(within(sheet).getByText('₹2,023.88')).toBeInTheDocument();
      expect(queryButton(dashboardTexts.student.receipt.print)).not.toBeNull();
      const invoice = screen.getByRole('region', { name: 'Tax invoice INV/2425/000001' });
      expect(within(invoice).getByText('07ABCPV1234K1ZL')).toBeInTheDocument();
      expect(within(invoice).getByText('CGST 9%')).toBeInTheDocument();
      expect(within(invoice).getAllByText('₹152.54')).toHaveLength(2);
    },
    failed: (snapshot) => {
      expect(screen.getByRole('alert')).toHaveTextContent(snapshot.context.error!);
      expect(queryButton(retryText)).not.toBeNull();
    },
    missing: (snapshot) => {
      expect(screen.getByRole('alert')).toHaveTextContent(snapshot.context.error!);
      expect(queryButton(retryText)).toBeNull();
      expect(
        screen.getByRole('link', { name: dashboardTexts.student.receipt.back }),
      ).toBeInTheDocument();
    },
    // The session ends (the page's useEndSessionOn401; the machine layer checks the state).
    unauthorized: null,
  },
};

export const receiptPathModel: PathModel<typeof receiptMachine, ReceiptWorld> = {
  name: 'receipt',
  machine: receiptMachine,
  inputs: [{ orderId: 'ord_1' }],
  world: receiptWorld,
  provide: provideReceipt,
  events: receiptEvents,
  ui: receiptScreen,
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
