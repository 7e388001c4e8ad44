// Path model of the yearExport machine (the Payouts tab's year files: the statement of
// payouts, the GST register, its B2CS summary), walked on the machine and through its view.
import assert from 'node:assert/strict';
import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import {
  yearExportMachine,
  type SavedYearFile,
  type YearFileRequest,
} from '../../machines/yearExport/yearExport.machine';
import { messages } from '../../src/domain/messages';
import { taxTexts } from '../../src/domain/taxTexts';
import { YearFiles } from '../../src/ui/routes/tutor/dashboard/payouts/PayoutDownloads';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

const t = taxTexts.payouts;
const YEARS = ['2024-25', '2023-24'];
const LABELS = { statement: t.statement, register: t.register, b2cs: t.b2cs } as const;
export const STATEMENT: SavedYearFile = {
  fileName: 'tuitionpay-payouts-2024-25.csv',
  blob: new Blob(['"Payout date (IST)"\n'], { type: 'text/csv' }),
};
const REFUSED = 'Give the financial year as 2025-26.';

export interface YearExportWorld {
  exportFile: FakeCall<SavedYearFile, YearFileRequest>;
  saved: SavedYearFile[];
}

export const yearExportWorld = (): YearExportWorld => ({ exportFile: fakeCall(), saved: [] });

export const provideYearExport = (w: YearExportWorld) =>
  yearExportMachine.provide({
    actors: { exportFile: w.exportFile.logic },
    actions: { saveFile: (_, file) => void w.saved.push(file) },
  });

export const yearExportEvents = {
  // Two years and kinds, and a year the select cannot offer (the guard refuses it).
  export: [
    { type: 'export', kind: 'statement', fy: '2024-25' },
    { type: 'export', kind: 'b2cs', fy: '2023-24' },
    { type: 'export', kind: 'register', fy: '2024' },
  ],
} satisfies EventFixtures<typeof yearExportMachine, YearExportWorld>;

export const yearExportScreen: UiLayer<typeof yearExportMachine, YearExportWorld> = {
  view: ({ actor }) => <YearFiles actor={actor} years={YEARS} />,
  gestures: {
    export: async ({ kind, fy }, ui) => {
      if (!YEARS.includes(fy)) return 'blocked';
      fireEvent.change(screen.getByLabelText(t.year), { target: { value: fy } });
      return clickOn(buttonNamed(LABELS[kind]), ui);
    },
  },
  screens: {
    idle: () => {
      expect(screen.getByRole('status')).toHaveTextContent('');
      expect(screen.queryByRole('alert')).toBeNull();
    },
    exporting: ({ context }) => {
      expect(buttonNamed(LABELS[context.request!.kind])).toHaveAttribute('data-loading', 'true');
    },
    done: ({ context }) => {
      expect(screen.getByRole('status')).toHaveTextContent(t.exported(context.fileName!));
    },
    failed: ({ context }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
    },
    unauthorized: null,
  },
};

export const yearExportPathModel: PathModel<typeof yearExportMachine, YearExportWorld> = {
  name: 'yearExport',
  machine: yearExportMachine,
  world: yearExportWorld,
  provide: provideYearExport,
  events: yearExportEvents,
  ui: yearExportScreen,
  internal: {
    'xstate.done.actor.exportFile': doneFixture(
      'exportFile',
      [STATEMENT],
      (w: YearExportWorld) => w.exportFile,
    ),
    'xstate.error.actor.exportFile': errorFixture(
      'exportFile',
      [http(401), http(400, REFUSED), offline],
      (w: YearExportWorld) => w.exportFile,
    ),
  },
  states: {
    idle: ({ context }, { world }) => {
      assert.equal(context.request, null);
      assert.equal(world.exportFile.calls.length, 0);
    },
    exporting: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      // Only a real financial year is ever asked for.
      assert.ok(YEARS.includes(world.exportFile.last().input.fy));
      assert.deepEqual(world.exportFile.last().input, snapshot.context.request);
    },
    done: ({ context }, { world }) => {
      assert.equal(context.fileName, STATEMENT.fileName);
      assert.deepEqual(world.saved.at(-1), STATEMENT);
    },
    failed: ({ context }) => {
      assert.ok([REFUSED, messages.generic.network].includes(context.error ?? ''));
    },
    unauthorized: ({ status }) => assert.equal(status, 'done'),
  },
};
