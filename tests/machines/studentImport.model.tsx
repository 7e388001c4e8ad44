// Path model of the studentImport machine (students from a CSV on the Students tab, issue 14),
// walked on the machine and through its view (ImportStudents): the file is picked as a user
// picks one, and the server's reports are fakes.
import assert from 'node:assert/strict';
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import {
  problemRows,
  studentImportMachine,
  type ImportReport,
  type ImportRequest,
} from '../../machines/studentImport/studentImport.machine';
import { messages } from '../../src/domain/messages';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { ImportStudents } from '../../src/ui/routes/tutor/dashboard/students/ImportStudents';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { clickOn, queryButton } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

export interface StudentImportWorld {
  call: FakeCall<ImportReport, ImportRequest>;
  imported: number;
}

export const studentImportWorld = (): StudentImportWorld => ({ call: fakeCall(), imported: 0 });

export const provideStudentImport = (w: StudentImportWorld) =>
  studentImportMachine.provide({
    actors: { importStudents: w.call.logic },
    actions: { imported: () => void (w.imported += 1) },
  });

export const CSV = 'name,phone\nAarav Sharma,9876500001\nBad Phone,98765\n';
const t = studentsTexts.import;
const PHONE_PROBLEM = { field: 'phone', message: messages.validation.phone };
const AARAV = { row: 2, name: 'Aarav Sharma', errors: [], imported: false };
const BAD = { row: 3, name: 'Bad Phone', errors: [PHONE_PROBLEM], imported: false };
const ALL_VALID: ImportReport = { rows: [AARAV], valid: 1, invalid: 0, imported: 0 };
const SOME_INVALID: ImportReport = { rows: [AARAV, BAD], valid: 1, invalid: 1, imported: 0 };
const NONE_VALID: ImportReport = { rows: [BAD], valid: 0, invalid: 1, imported: 0 };
const WRITTEN: ImportReport = {
  rows: [{ ...AARAV, imported: true }, BAD],
  valid: 1,
  invalid: 1,
  imported: 1,
};

export const studentImportEvents = {
  'import.file': [{ type: 'import.file', name: 'students.csv', text: CSV }],
  'import.all': [{ type: 'import.all' }],
  'import.valid': [{ type: 'import.valid' }],
} satisfies EventFixtures<typeof studentImportMachine, StudentImportWorld>;

const fileInput = () => screen.getByLabelText<HTMLInputElement>(t.file);
const status = () => screen.queryByRole('status');

/** 'Add many from a CSV file' as the tutor sees it. */
export const studentImportScreen: UiLayer<typeof studentImportMachine, StudentImportWorld> = {
  view: ({ actor }) => <ImportStudents actor={actor} />,
  gestures: {
    'import.file': async ({ name, text }, ui) => {
      const input = fileInput();
      if (input.disabled) return 'blocked';
      const before = ui.actor.getSnapshot();
      await ui.user.upload(input, new File([text], name, { type: 'text/csv' }));
      // The view reads the file first (FileReader), then tells the machine.
      await waitFor(() => expect(ui.actor.getSnapshot()).not.toBe(before));
    },
    'import.all': (_, ui) =>
      clickOn(queryButton(t.importAll(ui.actor.getSnapshot().context.report?.valid ?? 0)), ui),
    'import.valid': (_, ui) =>
      clickOn(queryButton(t.importValid(ui.actor.getSnapshot().context.report?.valid ?? 0)), ui),
  },
  screens: {
    idle: () => {
      expect(fileInput()).toBeEnabled();
      expect(status()).toBeNull();
    },
    checking: () => {
      expect(status()).toHaveTextContent(t.checking);
      expect(fileInput()).toBeDisabled();
    },
    reviewed: ({ context }) => {
      const report = context.report!;
      expect(status()).toHaveTextContent(report.valid > 0 ? t.ready(report.valid) : t.nothingValid);
      for (const row of problemRows(report)) {
        for (const e of row.errors) {
          expect(screen.getByText(t.problem(row.row, e.message))).toBeInTheDocument();
        }
      }
      const all = queryButton(t.importAll(report.valid));
      const valid = queryButton(t.importValid(report.valid));
      expect([all !== null, valid !== null]).toEqual([
        report.invalid === 0 && report.valid > 0,
        report.invalid > 0 && report.valid > 0,
      ]);
    },
    importing: () => {
      expect(status()).toHaveTextContent(t.importing);
    },
    imported: ({ context }) => {
      const report = context.report!;
      expect(status()).toHaveTextContent(t.imported(report.imported));
      expect(fileInput()).toBeEnabled();
    },
    failed: ({ context }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
      expect(fileInput()).toBeEnabled();
    },
    // The session ends (the tab's useEndSessionWhen; the machine layer checks the state).
    unauthorized: null,
  },
};

export const studentImportPathModel: PathModel<typeof studentImportMachine, StudentImportWorld> = {
  name: 'studentImport',
  machine: studentImportMachine,
  world: studentImportWorld,
  provide: provideStudentImport,
  events: studentImportEvents,
  ui: studentImportScreen,
  internal: {
    'xstate.done.actor.check': doneFixture(
      'check',
      [ALL_VALID, SOME_INVALID, NONE_VALID],
      (w: StudentImportWorld) => w.call,
    ),
    'xstate.error.actor.check': errorFixture(
      'check',
      [http(400, studentsTexts.api.csvEmpty), http(401), offline],
      (w: StudentImportWorld) => w.call,
    ),
    'xstate.done.actor.write': doneFixture('write', [WRITTEN], (w: StudentImportWorld) => w.call),
    'xstate.error.actor.write': errorFixture(
      'write',
      [http(409, studentsTexts.api.duplicate), http(401)],
      (w: StudentImportWorld) => w.call,
    ),
  },
  states: {
    idle: ({ context }, { world }) => {
      assert.equal(context.report, null);
      assert.equal(world.call.calls.length, 0);
    },
    checking: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      // The file as picked, checked only: nothing is written yet.
      assert.deepEqual(world.call.last().input, { csv: CSV, accept: 'check' });
      assert.equal(snapshot.context.report, null);
    },
    reviewed: ({ context }, { world }) => {
      assert.ok(context.report);
      assert.equal(world.imported, 0);
    },
    importing: ({ context }, { world }) => {
      // Every row only when none has a problem; else only the valid ones.
      const accept = context.report!.invalid === 0 ? 'all' : 'valid';
      assert.deepEqual(world.call.last().input, { csv: CSV, accept });
    },
    imported: ({ context }, { world }) => {
      assert.equal(context.report?.imported, 1);
      assert.equal(world.imported, 1);
    },
    failed: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('error'));
      assert.ok(
        (
          [
            studentsTexts.api.csvEmpty,
            studentsTexts.api.duplicate,
            messages.generic.network,
          ] as string[]
        ).includes(snapshot.context.error ?? ''),
      );
      assert.equal(world.imported, 0);
    },
    unauthorized: (snapshot, { world }) => {
      assert.equal(snapshot.status, 'done');
      assert.equal(world.imported, 0);
    },
  },
};
