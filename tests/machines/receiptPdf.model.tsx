// Path model of the receiptPdf machine, walked on the machine and through its button.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { receiptPdfMachine } from '../../machines/receiptPdf/receiptPdf.machine';
import type { SavedFile } from '../../machines/studentDashboard/studentPayments';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { PdfDownload } from '../../src/ui/routes/student/dashboard/PaymentCard';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

export const PDF: SavedFile = {
  blob: new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
  fileName: 'receipt-ord_1.pdf',
};

export interface ReceiptPdfWorld {
  fetch: FakeCall<SavedFile, { orderId: string }>;
  saved: SavedFile[];
}

export const receiptPdfWorld = (): ReceiptPdfWorld => ({ fetch: fakeCall(), saved: [] });

export const provideReceiptPdf = (w: ReceiptPdfWorld) =>
  receiptPdfMachine.provide({
    actors: { fetchPdf: w.fetch.logic },
    actions: { save: (_, file) => void w.saved.push(file) },
  });

export const receiptPdfEvents = {
  'pdf.download': [{ type: 'pdf.download' }],
} satisfies EventFixtures<typeof receiptPdfMachine, ReceiptPdfWorld>;

const download = dashboardTexts.student.payments.downloadPdf;

/** 'Download PDF' as a payment card and the receipt page show it. */
export const receiptPdfScreen: UiLayer<typeof receiptPdfMachine, ReceiptPdfWorld> = {
  view: ({ actor }) => <PdfDownload actor={actor} />,
  gestures: {
    'pdf.download': (_, ui) => clickOn(buttonNamed(download), ui),
  },
  screens: {
    idle: () => {
      expect(buttonNamed(download)).toBeEnabled();
      expect(screen.queryByRole('alert')).toBeNull();
    },
    downloading: () => {
      expect(buttonNamed(download)).toHaveAttribute('data-loading', 'true');
    },
    failed: (snapshot) => {
      expect(screen.getByRole('alert')).toHaveTextContent(snapshot.context.error!);
      expect(buttonNamed(download)).toBeEnabled();
    },
    // The session ends (the page's useEndSessionOn401; the machine layer checks the state).
    unauthorized: null,
  },
};

export const receiptPdfPathModel: PathModel<typeof receiptPdfMachine, ReceiptPdfWorld> = {
  name: 'receiptPdf',
  machine: receiptPdfMachine,
  inputs: [{ orderId: 'ord_1' }],
  world: receiptPdfWorld,
  provide: provideReceiptPdf,
  events: receiptPdfEvents,
  ui: receiptPdfScreen,
  internal: {
    'xstate.done.actor.fetchPdf': doneFixture('fetchPdf', [PDF], (w: ReceiptPdfWorld) => w.fetch),
    'xstate.error.actor.fetchPdf': errorFixture(
      'fetchPdf',
      [http(401), offline],
      (w: ReceiptPdfWorld) => w.fetch,
    ),
  },
  states: {
    idle: ({ context }, { world }) => {
      assert.equal(context.error, null);
      // Saved once for every answer that arrived.
      const answered = world.fetch.calls.length;
      assert.equal(world.saved.length, answered);
      for (const file of world.saved) assert.equal(file, PDF);
    },
    downloading: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      assert.deepEqual(world.fetch.last().input, { orderId: 'ord_1' });
    },
    failed: (snapshot) => {
      assert.ok(snapshot.hasTag('error'));
      assert.ok(snapshot.context.error);
    },
    unauthorized: ({ status }, { world }) => {
      assert.equal(status, 'done');
      assert.deepEqual(world.saved, []);
    },
  },
};
