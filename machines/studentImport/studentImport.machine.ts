// Adding many students from a CSV on the Students tab (issue 14, D141, D144): the file is
// checked by the server row by row and nothing is written until the tutor accepts: every row
// (only when none has a problem) or only the valid ones.
//
//   idle ──import.file──▶ checking ──done──▶ reviewed ──import.all / import.valid──▶ importing
//                           │ a file it cannot use (400: its message)   ──done──▶ imported
//                           └──────────────▶ failed ◀─────────── error ──┘   (import.file: again)
//   checking/importing ──401──▶ unauthorized (final: the page sends the tutor to login)
//
// The call is abstract (`importStudents`); `imported` (abstract) lets the page reload its list.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { messages } from '../../src/domain/messages';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnauthorized, serverText } from '../shared/failure';

export type ImportAccept = 'check' | 'all' | 'valid';

/** A row of the server's report (openapi StudentImportRow), as far as the tab shows it. */
export interface ImportRow {
  row: number;
  name: string;
  errors: { field: string; message: string }[];
  imported: boolean;
}

export interface ImportReport {
  rows: ImportRow[];
  valid: number;
  invalid: number;
  imported: number;
}

export interface ImportRequest {
  csv: string;
  accept: ImportAccept;
}

export interface StudentImportContext {
  fileName: string;
  csv: string;
  accept: ImportAccept;
  report: ImportReport | null;
  error: string | null;
}

export type StudentImportEvent =
  | { type: 'import.file'; name: string; text: string }
  | { type: 'import.all' }
  | { type: 'import.valid' };

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

/** The rows with a problem, as the tab lists them. */
export const problemRows = (report: ImportReport | null): ImportRow[] =>
  report?.rows.filter((r) => r.errors.length > 0) ?? [];

/** Another file, at any time but while a call runs. */
const pickFile = { target: '#studentImport.checking', actions: 'chooseFile' } as const;

export const studentImportMachine = setup({
  types: {
    context: {} as StudentImportContext,
    events: {} as StudentImportEvent,
  },
  actors: {
    importStudents: abstractPromise<ImportReport, ImportRequest>('importStudents'),
  },
  actions: {
    chooseFile: assign(({ event }) =>
      event.type === 'import.file'
        ? {
            fileName: event.name,
            csv: event.text,
            accept: 'check' as const,
            report: null,
            error: null,
          }
        : {},
    ),
    /** Abstract: students were written: reload the list. */
    imported: () => notProvided('imported'),
  },
  guards: {
    allValid: ({ context }) =>
      context.report !== null && context.report.invalid === 0 && context.report.valid > 0,
    someValid: ({ context }) =>
      context.report !== null && context.report.invalid > 0 && context.report.valid > 0,
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
  },
}).createMachine({
  id: 'studentImport',
  description: 'Students from a CSV: checked row by row, written only when the tutor accepts.',
  context: { fileName: '', csv: '', accept: 'check', report: null, error: null },
  initial: 'idle',
  states: {
    idle: { on: { 'import.file': pickFile } },
    checking: {
      tags: 'loading',
      invoke: {
        id: 'check',
        src: 'importStudents',
        input: ({ context }) => ({ csv: context.csv, accept: 'check' as const }),
        onDone: { target: 'reviewed', actions: assign({ report: ({ event }) => event.output }) },
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
    reviewed: {
      on: {
        'import.file': pickFile,
        'import.all': {
          guard: 'allValid',
          target: 'importing',
          actions: assign({ accept: 'all' }),
        },
        'import.valid': {
          guard: 'someValid',
          target: 'importing',
          actions: assign({ accept: 'valid' }),
        },
      },
    },
    importing: {
      tags: 'loading',
      invoke: {
        id: 'write',
        src: 'importStudents',
        input: ({ context }) => ({ csv: context.csv, accept: context.accept }),
        onDone: {
          target: 'imported',
          actions: [assign({ report: ({ event }) => event.output }), 'imported'],
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
    imported: { on: { 'import.file': pickFile } },
    failed: { tags: 'error', on: { 'import.file': pickFile } },
    unauthorized: { type: 'final' },
  },
});

export type StudentImportActorRef = ActorRefFrom<typeof studentImportMachine>;
export type StudentImportSnapshot = SnapshotFrom<typeof studentImportMachine>;
