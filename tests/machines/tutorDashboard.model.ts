// Path model of the tutorDashboard machine, shared by its vitest suite and
// scripts/path-coverage.ts. It starts with the showDialog flag set, so closing is reachable.
import assert from 'node:assert/strict';
import type { NavigateParams } from '../../machines/shared/navigation';
import { tutorDashboardMachine } from '../../machines/tutorDashboard/tutorDashboard.machine';
import type { EventFixtures, PathModel } from '../support/paths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';
import { APPROVED_TUTOR } from './tutorProfiles';

export interface TutorDashboardWorld {
  logout: FakeCall<void, void>;
  flagsCleared: number;
  allCleared: number;
  navigations: NavigateParams[];
}

export const tutorDashboardWorld = (): TutorDashboardWorld => ({
  logout: fakeCall(),
  flagsCleared: 0,
  allCleared: 0,
  navigations: [],
});

export const provideTutorDashboard = (w: TutorDashboardWorld) =>
  tutorDashboardMachine.provide({
    actors: { logout: w.logout.logic },
    actions: {
      clearDialogFlag: () => void (w.flagsCleared += 1),
      clearAll: () => void (w.allCleared += 1),
      navigate: (_, params) => void w.navigations.push(params),
    },
  });

export const tutorDashboardEvents = {
  'dialog.close': [{ type: 'dialog.close' }],
  logout: [{ type: 'logout' }],
} satisfies EventFixtures<typeof tutorDashboardMachine, TutorDashboardWorld>;

export const tutorDashboardPathModel: PathModel<typeof tutorDashboardMachine, TutorDashboardWorld> =
  {
    name: 'tutorDashboard',
    machine: tutorDashboardMachine,
    inputs: [{ profile: APPROVED_TUTOR, showDialog: true }],
    world: tutorDashboardWorld,
    provide: provideTutorDashboard,
    events: tutorDashboardEvents,
    internal: {
      'xstate.done.actor.logout': doneFixture(
        'logout',
        [undefined],
        (w: TutorDashboardWorld) => w.logout,
      ),
      'xstate.error.actor.logout': errorFixture(
        'logout',
        [http(401), offline],
        (w: TutorDashboardWorld) => w.logout,
      ),
    },
    states: {
      active: ({ context }, { world }) => {
        assert.equal(context.name, 'Asha Verma');
        assert.equal(context.kyc, 'accepting');
        // Closed exactly when its flag was cleared, once.
        assert.equal(world.flagsCleared, context.dialogOpen ? 0 : 1);
        assert.equal(world.allCleared, 0);
      },
      loggingOut: (snapshot, { world }) => {
        assert.ok(snapshot.hasTag('loading'));
        assert.equal(world.logout.calls.length, 1);
        assert.equal(world.allCleared, 0);
      },
      done: ({ status }, { world }) => {
        assert.equal(status, 'done');
        assert.equal(world.allCleared, 1);
        assert.deepEqual(world.navigations, [{ to: '/tutor/login', replace: true }]);
      },
    },
  };
