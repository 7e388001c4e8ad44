// Path model of the duesTab machine (the tutor dashboard's Dues tab, D146-D151), walked on the
// machine and through its view (DuesTabView). The tab's own events are the month's Previous and
// Next and the CSV; what its children tell it (a due settled, a reminder sent, a 401) is brought
// about by driving a real child, and each such step checks which lists reloaded.
import assert from 'node:assert/strict';
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { fromPromise, type AnyActorRef, type EventObject } from 'xstate';
import { duesTabMachine, type DuesTabSnapshot } from '../../machines/duesTab/duesTab.machine';
import type { ExportedFile } from '../../machines/paymentsExport/paymentsExport.machine';
import type { IstDateRange } from '../../src/domain/dateRange';
import { monthDays, monthTitle, shiftMonth } from '../../src/domain/feePlans';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { SessionProvider } from '../../src/ui/app/session';
import { DuesTabView } from '../../src/ui/routes/tutor/dashboard/dues/DuesPanel';
import type {
  EventFixture,
  EventFixtures,
  Gesture,
  PathModel,
  PathRun,
  UiLayer,
} from '../support/paths';
import { buttonNamed, clickOn } from '../support/uiPaths';
import { JANUARY, duesTabWorld, provideDuesTab, type DuesTabWorld } from './duesTab.fakes';
import { flush, http } from './loginFakes';

const t = studentsTexts.duesTab;
/** The months a path may show: January and the one either side. */
const MONTHS = new Set([shiftMonth(JANUARY, -1), JANUARY, shiftMonth(JANUARY, 1)]);

/** The CSV answers at once (or with a 401 when told), so Export CSV is ready again. */
interface ModelWorld extends DuesTabWorld {
  exported: IstDateRange[];
  exportExpired: boolean;
}

const modelWorld = (): ModelWorld => {
  const base = duesTabWorld();
  const world: ModelWorld = { ...base, exported: [], exportExpired: false };
  world.exportFile = {
    ...base.exportFile,
    logic: fromPromise<ExportedFile, IstDateRange>(async ({ input }) => {
      world.exported.push(input);
      if (world.exportExpired) throw http(401);
      return { fileName: `tuitionpay-dues-${input.from}-to-${input.to}.csv`, blob: new Blob([]) };
    }),
  };
  return world;
};

type Run = PathRun<ModelWorld>;
const childOf = (run: Run, id: keyof DuesTabSnapshot['children']): AnyActorRef => {
  const child = (run.actor.getSnapshot() as DuesTabSnapshot).children[id];
  assert.ok(child, `the tab runs its ${id} child`);
  return child;
};
const counts = ({ world }: Run) => ({
  dues: world.dues.calls.length,
  months: world.months.calls.length,
  reminders: world.reminders.calls.length,
});

/** A child's message to the tab, sent by driving that child; then which lists reloaded. */
function fromChild(
  type: string,
  drive: (run: Run) => Promise<void>,
  reloads: { dues: number; months: number; reminders: number },
): EventFixture<EventObject, ModelWorld> {
  return {
    cases: [{ type }],
    exec: async (run) => {
      const before = counts(run);
      await drive(run);
      await flush();
      assert.deepEqual(counts(run), {
        dues: before.dues + reloads.dues,
        months: before.months + reloads.months,
        reminders: before.reminders + reloads.reminders,
      });
    },
  };
}

/** A child that meets a 401 ends (its one final state): driven there. */
function expired(
  id: keyof DuesTabSnapshot['children'],
  drive: (run: Run, child: AnyActorRef) => void | Promise<void>,
): EventFixture<EventObject, ModelWorld> {
  return {
    cases: [{ type: `xstate.done.actor.${id}` }],
    exec: async (run) => {
      await drive(run, childOf(run, id));
      await flush();
    },
  };
}

const confirmed = async (run: Run, id: 'waive' | 'remind', target: string) => {
  const child = childOf(run, id);
  child.send({ type: 'confirm.ask', id: target });
  child.send({ type: 'confirm.yes' });
  return run.world[id].last();
};

/**
 * The tab's events: Previous, Next and Export CSV are the user's; 'dues.changed' and
 * 'dues.reminded' come from a child, so their fixtures drive that child (at both layers: the
 * child's own dialog is walked by its own model).
 */
export const duesTabEvents = {
  'month.shift': [
    { type: 'month.shift', by: -1 },
    { type: 'month.shift', by: 1 },
  ],
  'dues.export': [{ type: 'dues.export' }],
  'dues.changed': fromChild(
    'dues.changed',
    async (run) => (await confirmed(run, 'waive', '12')).resolve(),
    { dues: 1, months: 1, reminders: 0 },
  ) as EventFixture<{ type: 'dues.changed' }, ModelWorld>,
  'dues.reminded': fromChild(
    'dues.reminded',
    async (run) => (await confirmed(run, 'remind', '3')).resolve(),
    { dues: 1, months: 0, reminders: 1 },
  ) as EventFixture<{ type: 'dues.reminded' }, ModelWorld>,
} satisfies EventFixtures<typeof duesTabMachine, ModelWorld>;

/** A child's message is never a gesture on the tab: its fixture drives the child. */
const notAGesture = async (): Promise<Gesture> => {
  throw new Error("A child's message to the tab: its fixture drives the child.");
};

const monthShown = () => screen.getByRole('group', { name: t.monthLabel });

export const duesTabScreen: UiLayer<typeof duesTabMachine, ModelWorld> = {
  view: ({ actor }) => (
    <SessionProvider role="teacher" logout={fromPromise(async () => {})}>
      <DuesTabView tab={actor as never} />
    </SessionProvider>
  ),
  gestures: {
    'month.shift': ({ by }, ui) => clickOn(buttonNamed(by < 0 ? t.previous : t.next), ui),
    'dues.export': (_, ui) => clickOn(buttonNamed(t.exportCsv), ui),
    'dues.changed': notAGesture,
    'dues.reminded': notAGesture,
  },
  screens: {
    active: ({ context }) => {
      expect(within(monthShown()).getByText(monthTitle(context.month))).toBeInTheDocument();
      // The CSV answers at once: Export CSV is ready for the next one.
      expect(buttonNamed(t.exportCsv)).toBeEnabled();
    },
    unauthorized: () => {
      expect(screen.queryByRole('group', { name: t.monthLabel })).toBeNull();
    },
  },
};

export const duesTabPathModel: PathModel<typeof duesTabMachine, ModelWorld> = {
  name: 'duesTab',
  machine: duesTabMachine,
  inputs: [{ month: JANUARY }],
  world: modelWorld,
  provide: provideDuesTab,
  events: duesTabEvents,
  ui: duesTabScreen,
  // Previous and Next without end; the paths keep to January and the months either side.
  possible: (snapshot, event) =>
    event.type !== 'month.shift' ||
    MONTHS.has(shiftMonth(snapshot.context.month, (event as { by?: number }).by ?? 0)),
  internal: {
    'xstate.done.actor.dues': expired('dues', ({ world }) => world.dues.last().reject(http(401))),
    'xstate.done.actor.months': expired('months', ({ world }) =>
      world.months.last().reject(http(401)),
    ),
    'xstate.done.actor.reminders': expired('reminders', ({ world }) =>
      world.reminders.last().reject(http(401)),
    ),
    'xstate.done.actor.cash': expired('cash', ({ world }, child) => {
      child.send({
        type: 'cash.open',
        studentId: 3,
        student: 'Aarav Sharma',
        payerPhone: '9876500002',
        amount: 200_000,
        owed: 200_000,
        today: '2025-01-20',
      });
      child.send({ type: 'cash.save' });
      world.cash.last().reject(http(401));
    }),
    'xstate.done.actor.remindAll': expired('remindAll', ({ world }, child) => {
      child.send({ type: 'remindAll.ask' });
      child.send({ type: 'remindAll.yes' });
      world.remindAll.last().reject(http(401));
    }),
    'xstate.done.actor.waive': expired('waive', async (run) =>
      (await confirmed(run, 'waive', '12')).reject(http(401)),
    ),
    'xstate.done.actor.remind': expired('remind', async (run) =>
      (await confirmed(run, 'remind', '3')).reject(http(401)),
    ),
    'xstate.done.actor.link': expired('link', ({ world }, child) => {
      child.send({ type: 'link.open', dueId: 12, student: 'Aarav Sharma' });
      world.link.last().reject(http(401));
    }),
    'xstate.done.actor.settleOther': expired('settleOther', ({ world }, child) => {
      child.send({ type: 'settle.ask', dueId: 12, student: 'Aarav Sharma', amount: 200_000 });
      child.send({ type: 'settle.note', value: 'Bank transfer' });
      child.send({ type: 'settle.confirm' });
      world.settleOther.last().reject(http(401));
    }),
    'xstate.done.actor.export': expired('export', (run, child) => {
      run.world.exportExpired = true;
      child.send({ type: 'export', range: monthDays(JANUARY) });
    }),
    'xstate.done.actor.settings': expired('settings', ({ world }) =>
      world.fetchSettings.last().reject(http(401)),
    ),
  },
  states: {
    active: (snapshot, run) => {
      const { context, children } = snapshot;
      assert.equal(Object.keys(children).length, 12);
      // The dues and the chart are the month shown, and the last fetch of each was for it.
      for (const id of ['dues', 'months'] as const) {
        assert.equal(children[id]!.getSnapshot().context.filter, context.month);
        assert.equal(run.world[id].last().input.filter, context.month);
      }
      assert.equal(children.reminders!.getSnapshot().context.filter, null);
      // Every CSV asked for was a whole month the tab showed.
      for (const range of run.world.exported) {
        assert.ok([...MONTHS].some((m) => JSON.stringify(monthDays(m)) === JSON.stringify(range)));
      }
    },
    unauthorized: (snapshot) => {
      assert.equal(snapshot.status, 'done');
      assert.deepEqual(snapshot.children, {});
    },
  },
};
