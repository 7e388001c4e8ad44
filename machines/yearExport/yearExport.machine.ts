// A financial year's file for the tutor's accountant (issue 50, D270, D271): the statement of
// payouts, the GST register of invoices and credit notes, or its GSTR-1 B2CS summary.
//
//   idle ──export (a year, a kind)──▶ exporting ──done──▶ done (the file is saved)
//                                        │       ──error──▶ failed (the error shown)
//                                        └──401──▶ unauthorized (final: the page logs out)
//   done / failed ──export──▶ exporting (another year or kind, or the same again)
//
// Effects are abstract: the call `exportFile` and the action `saveFile` (the download).
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { parseFinancialYear } from '../../src/domain/financialYear';
import { messages } from '../../src/domain/messages';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnauthorized, serverText } from '../shared/failure';

export type YearFileKind = 'statement' | 'register' | 'b2cs';

export interface YearFileRequest {
  kind: YearFileKind;
  /** '2025-26'. */
  fy: string;
}

export interface SavedYearFile {
  fileName: string;
  blob: Blob;
}

export interface YearExportContext {
  request: YearFileRequest | null;
  fileName: string | null;
  error: string | null;
}

export type YearExportEvent = { type: 'export' } & YearFileRequest;

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

export const yearExportMachine = setup({
  types: {
    context: {} as YearExportContext,
    events: {} as YearExportEvent,
  },
  actors: {
    exportFile: abstractPromise<SavedYearFile, YearFileRequest>('exportFile'),
  },
  actions: {
    /** Abstract: save the file in the browser. */
    saveFile: (_: unknown, _file: SavedYearFile) => notProvided('saveFile'),
  },
  guards: {
    aYear: ({ event }) => parseFinancialYear(event.fy) !== null,
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
  },
}).createMachine({
  id: 'yearExport',
  description: "A financial year's statement of payouts or GST register, as a CSV file.",
  context: { request: null, fileName: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { export: { guard: 'aYear', target: 'exporting' } },
    },
    exporting: {
      tags: 'loading',
      entry: assign({
        request: ({ event }) => ({
          kind: (event as YearExportEvent).kind,
          fy: (event as YearExportEvent).fy,
        }),
        fileName: null,
        error: null,
      }),
      invoke: {
        id: 'exportFile',
        src: 'exportFile',
        input: ({ context }) => context.request!,
        onDone: {
          target: 'done',
          actions: [
            assign({ fileName: ({ event }) => event.output.fileName }),
            { type: 'saveFile', params: ({ event }) => event.output },
          ],
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
    done: {
      on: { export: { guard: 'aYear', target: 'exporting' } },
    },
    failed: {
      tags: 'error',
      on: { export: { guard: 'aYear', target: 'exporting' } },
    },
    unauthorized: { type: 'final' },
  },
});

export type YearExportActorRef = ActorRefFrom<typeof yearExportMachine>;
export type YearExportSnapshot = SnapshotFrom<typeof yearExportMachine>;
