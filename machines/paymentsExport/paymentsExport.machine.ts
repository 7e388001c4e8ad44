// The tutor's 'Export CSV' of payments received (issue 5, D1), for a range of IST days.
//
//   idle ──export (a complete range)──▶ exporting ──done──▶ done (the file is saved)
//                                          │       ──error──▶ failed (the error shown)
//                                          └──401──▶ unauthorized (final: the page logs out)
//   done / failed ──export──▶ exporting (another range, or the same again)
//
// Effects are abstract: the call `exportFile` (the API's CSV as a blob and its file name) and
// the action `saveFile` (the browser's download).
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { isCompleteRange, type IstDateRange } from '../../src/domain/dateRange';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnauthorized, serverText } from '../shared/failure';

export interface ExportedFile {
  fileName: string;
  blob: Blob;
}

export interface PaymentsExportContext {
  /** The range of the last export asked for. */
  range: IstDateRange | null;
  /** The file saved by the last export. */
  fileName: string | null;
  error: string | null;
}

export type PaymentsExportEvent = { type: 'export'; range: IstDateRange };

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

export const paymentsExportMachine = setup({
  types: {
    context: {} as PaymentsExportContext,
    events: {} as PaymentsExportEvent,
  },
  actors: {
    exportFile: abstractPromise<ExportedFile, IstDateRange>('exportFile'),
  },
  actions: {
    /** Abstract: save the file in the browser. */
    saveFile: (_: unknown, _file: ExportedFile) => notProvided('saveFile'),
  },
  guards: {
    completeRange: ({ event }) => isCompleteRange(event.range),
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
  },
}).createMachine({
  id: 'paymentsExport',
  description: "The payments received as a CSV file for a range of IST days ('Export CSV').",
  context: { range: null, fileName: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { export: { guard: 'completeRange', target: 'exporting' } },
    },
    exporting: {
      tags: 'loading',
      entry: assign({
        range: ({ event }) => (event as PaymentsExportEvent).range,
        fileName: null,
        error: null,
      }),
      invoke: {
        id: 'exportFile',
        src: 'exportFile',
        input: ({ context }) => context.range as IstDateRange,
        onDone: {
          target: 'done',
          actions: [
            { type: 'saveFile', params: ({ event }) => event.output },
            assign({ fileName: ({ event }) => event.output.fileName }),
          ],
        },
        onError: [
          { guard: 'unauthorized', target: 'unauthorized' },
          {
            target: 'failed',
            actions: assign({
              error: ({ event }) =>
                serverText(event.error, dashboardTexts.tutor.payments.exportFailed),
            }),
          },
        ],
      },
    },
    done: {
      on: { export: { guard: 'completeRange', target: 'exporting' } },
    },
    failed: {
      tags: 'error',
      on: { export: { guard: 'completeRange', target: 'exporting' } },
    },
    unauthorized: { type: 'final' },
  },
});

export type PaymentsExportActorRef = ActorRefFrom<typeof paymentsExportMachine>;
export type PaymentsExportSnapshot = SnapshotFrom<typeof paymentsExportMachine>;
