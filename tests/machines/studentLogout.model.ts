// Path model of the studentLogout machine, shared by its vitest suite and
// scripts/path-coverage.ts.
import assert from 'node:assert/strict';
import type { NavigateParams } from '../../machines/shared/navigation';
import { studentLogoutMachine } from '../../machines/studentLogout/studentLogout.machine';
import type { EventFixtures, PathModel } from '../support/paths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

export interface StudentLogoutWorld {
  logout: FakeCall<void, void>;
  allCleared: number;
  navigations: NavigateParams[];
}

export const studentLogoutWorld = (): StudentLogoutWorld => ({
  logout: fakeCall(),
  allCleared: 0,
  navigations: [],
});

export const provideStudentLogout = (w: StudentLogoutWorld) =>
  studentLogoutMachine.provide({
    actors: { logout: w.logout.logic },
    actions: {
      clearAll: () => void (w.allCleared += 1),
      navigate: (_, params) => void w.navigations.push(params),
    },
  });

export const studentLogoutEvents = {
  logout: [{ type: 'logout' }],
  'session.expired': [{ type: 'session.expired' }],
} satisfies EventFixtures<typeof studentLogoutMachine, StudentLogoutWorld>;

export const studentLogoutPathModel: PathModel<typeof studentLogoutMachine, StudentLogoutWorld> = {
  name: 'studentLogout',
  machine: studentLogoutMachine,
  world: studentLogoutWorld,
  provide: provideStudentLogout,
  events: studentLogoutEvents,
  internal: {
    'xstate.done.actor.logout': doneFixture(
      'logout',
      [undefined],
      (w: StudentLogoutWorld) => w.logout,
    ),
    'xstate.error.actor.logout': errorFixture(
      'logout',
      [http(401), offline],
      (w: StudentLogoutWorld) => w.logout,
    ),
  },
  states: {
    active: (_, { world }) => {
      assert.equal(world.allCleared, 0);
      assert.deepEqual(world.navigations, []);
    },
    loggingOut: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      assert.equal(world.logout.calls.length, 1);
      assert.equal(world.allCleared, 0);
    },
    done: ({ status }, { world }) => {
      assert.equal(status, 'done');
      assert.equal(world.allCleared, 1);
      assert.deepEqual(world.navigations, [{ to: '/student/login', replace: true }]);
    },
  },
};
