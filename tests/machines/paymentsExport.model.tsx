// Path model of the paymentsExport machine ('Export CSV' on the tutor's Payments tab), shared
// by its vitest suite and scripts/path-coverage.ts. The fake export answers with a file, a 401,
// a refusal with the server's message, or no answer.
import assert from 'node:assert/strict';
import { fireEvent, screen } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { expect } from 'vitest';
import { fromPromise, type ActorRefFrom } from 'xstate';
import {
  pagedListMachine,
  type Page,
  type PageRequest,
} from '../../machines/pagedList/pagedList.machine';
import {
  paymentsExportMachine,
  type ExportedFile,
} from '../../machines/paymentsExport/paymentsExport.machine';
import type { PaymentReceivedRow } from '../../src/api/actors/tutorMoney';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import type { IstDateRange } from '../../src/domain/dateRange';
import { messages } from '../../src/domain/messages';
import { RangeForm } from '../../src/ui/routes/tutor/dashboard/payments/PaymentsPanel';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

export const JANUARY: IstDateRange = { from: '2025-01-01', to: '2025-01-31' };
export const FILE: ExportedFile = {
  fileName: 'tuitionpay-payments-2025-01-01-to-2025-01-31.csv',
  blob: new Blob(['"Order ID"\n'], { type: 'text/csv' }),
};
export const TOO_LONG = 'The range can be at most 366 days.';

export interface PaymentsExportWorld {
  exportFile: FakeCall<ExportedFile, IstDateRange>;
  saved: ExportedFile[];
}

export const paymentsExportWorld = (): PaymentsExportWorld => ({
  exportFile: fakeCall(),
  saved: [],
});

export const providePaymentsExport = (w: PaymentsExportWorld) =>
  paymentsExportMachine.provide({
    actors: { exportFile: w.exportFile.logic },
    actions: { saveFile: (_, file) => void w.saved.push(file) },
  });

export const paymentsExportEvents = {
  // A complete range, and one without its end (the guard keeps the machine where it is).
  export: [
    { type: 'export', range: JANUARY },
    { type: 'export', range: { from: '2025-01-01', to: '' } },
  ],
} satisfies EventFixtures<typeof paymentsExportMachine, PaymentsExportWorld>;

const t = dashboardTexts.tutor.payments;

/** The list the form narrows: on January, as the tab opens on its month; it never loads here. */
const januaryList = pagedListMachine<PaymentReceivedRow, IstDateRange>().provide({
  actors: {
    fetchPage: fromPromise<Page<PaymentReceivedRow>, PageRequest<IstDateRange>>(
      () => new Promise(() => {}),
    ),
  },
});

function ExportForm({ exporter }: { exporter: ActorRefFrom<typeof paymentsExportMachine> }) {
  const list = useActorRef(januaryList, { input: { filter: JANUARY } });
  return <RangeForm list={list} exporter={exporter} />;
}

/** The Payments tab's range and 'Export CSV'. */
export const paymentsExportScreen: UiLayer<typeof paymentsExportMachine, PaymentsExportWorld> = {
  view: ({ actor }) => <ExportForm exporter={actor} />,
  gestures: {
    // The range is picked (a date picker's choice), then Export.
    export: ({ range }, ui) => {
      fireEvent.change(screen.getByLabelText(t.from), { target: { value: range.from } });
      fireEvent.change(screen.getByLabelText(t.to), { target: { value: range.to } });
      return clickOn(buttonNamed(t.exportCsv), ui);
    },
  },
  screens: {
    idle: () => {
      expect(screen.queryByRole('status')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    },
    exporting: () => {
      expect(buttonNamed(t.exportCsv)).toHaveAttribute('data-loading', 'true');
    },
    done: () => {
      expect(screen.getByRole('status')).toHaveTextContent(t.exported(FILE.fileName));
    },
    failed: (snapshot) => {
      expect(screen.getByRole('alert')).toHaveTextContent(snapshot.context.error!);
    },
    // The session ends (the tab's useEndSessionWhen; the machine layer checks the state).
    unauthorized: null,
  },
};

export const paymentsExportPathModel: PathModel<typeof paymentsExportMachine, PaymentsExportWorld> =
  {
    name: 'paymentsExport',
    machine: paymentsExportMachine,
    world: paymentsExportWorld,
    provide: providePaymentsExport,
    events: paymentsExportEvents,
    ui: paymentsExportScreen,
    internal: {
      'xstate.done.actor.exportFile': doneFixture(
        'exportFile',
        [FILE],
        (w: PaymentsExportWorld) => w.exportFile,
      ),
      'xstate.error.actor.exportFile': errorFixture(
        'exportFile',
        [http(401), http(400, TOO_LONG), offline],
        (w: PaymentsExportWorld) => w.exportFile,
      ),
    },
    states: {
      idle: ({ context }, { world }) => {
        assert.equal(context.range, null);
        assert.equal(world.exportFile.calls.length, 0);
      },
      exporting: (snapshot, { world }) => {
        assert.ok(snapshot.hasTag('loading'));
        // Only a complete range is ever asked for.
        assert.deepEqual(world.exportFile.last().input, JANUARY);
        assert.equal(snapshot.context.error, null);
      },
      done: ({ context }, { world }) => {
        assert.equal(context.fileName, FILE.fileName);
        assert.deepEqual(world.saved.at(-1), FILE);
      },
      failed: (snapshot, { world }) => {
        assert.ok(snapshot.hasTag('error'));
        assert.ok(
          snapshot.context.error === TOO_LONG ||
            snapshot.context.error === messages.generic.network,
          `unexpected error ${snapshot.context.error}`,
        );
        assert.notEqual(snapshot.context.error, dashboardTexts.tutor.payments.exportFailed);
        assert.equal(world.saved.length, world.exportFile.calls.length - 1);
      },
      unauthorized: ({ status }) => {
        assert.equal(status, 'done');
      },
    },
  };
