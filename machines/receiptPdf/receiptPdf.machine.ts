// Download a paid order's receipt as a PDF (issue 5). The file needs the Bearer header, so the
// API client fetches it as a blob and the UI saves it (abstract `save`, src/browser/download.ts).
//
//   idle ──pdf.download──▶ downloading ──done / save──▶ idle
//    ▲                          ├── 401 ──▶ unauthorized (final: to login)
//    └───pdf.download─── failed ◀── else (the reason shown; pdf.download tries again)
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnauthorized, refusalText } from '../shared/failure';
import type { SavedFile } from '../studentDashboard/studentPayments';

export interface ReceiptPdfContext {
  orderId: string;
  error: string | null;
}

export type ReceiptPdfEvent = { type: 'pdf.download' };

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

export const receiptPdfMachine = setup({
  types: {
    context: {} as ReceiptPdfContext,
    events: {} as ReceiptPdfEvent,
    input: {} as { orderId: string },
  },
  actors: {
    fetchPdf: abstractPromise<SavedFile, { orderId: string }>('fetchPdf'),
  },
  actions: {
    /** Abstract: saves the file under its name (the UI: saveBlob). */
    save: (_: unknown, _file: SavedFile) => notProvided('save'),
  },
  guards: {
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
  },
}).createMachine({
  id: 'receiptPdf',
  description: 'A receipt PDF fetched with the session and saved under the server’s name.',
  context: ({ input }) => ({ orderId: input.orderId, error: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'pdf.download': { target: 'downloading' } } },
    downloading: {
      tags: 'loading',
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchPdf',
        src: 'fetchPdf',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'idle',
          actions: { type: 'save', params: ({ event }) => event.output },
        },
        onError: [
          { guard: 'unauthorized', target: 'unauthorized' },
          {
            target: 'failed',
            actions: assign({
              error: ({ event }) => refusalText(event.error, dashboardTexts.student.pdfFailed),
            }),
          },
        ],
      },
    },
    failed: { tags: 'error', on: { 'pdf.download': { target: 'downloading' } } },
    unauthorized: { type: 'final' },
  },
});

export type ReceiptPdfActorRef = ActorRefFrom<typeof receiptPdfMachine>;
export type ReceiptPdfSnapshot = SnapshotFrom<typeof receiptPdfMachine>;
