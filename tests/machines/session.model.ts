// Path model of the session machine (Logout and a session found gone, D13), for both roles.
import assert from 'node:assert/strict';
import { sessionMachine } from '../../machines/session/session.machine';
import type { NavigateParams } from '../../machines/shared/navigation';
import type { EventFixtures, PathModel } from '../support/paths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

export interface SessionWorld {
  logout: FakeCall<void, void>;
  allCleared: number;
  navigations: NavigateParams[];
}

export const sessionWorld = (): SessionWorld => ({
  logout: fakeCall(),
  allCleared: 0,
  navigations: [],
});

export const provideSession = (w: SessionWorld) =>
  sessionMachine.provide({
    actors: { logout: w.logout.logic },
    actions: {
      clearAll: () => void (w.allCleared += 1),
      navigate: (_, params) => void w.navigations.push(params),
    },
  });

export const sessionEvents = {
  logout: [{ type: 'logout' }],
  'session.expired': [{ type: 'session.expired' }],
} satisfies EventFixtures<typeof sessionMachine, SessionWorld>;

const LOGIN = { student: '/student/login', teacher: '/tutor/login' };

export const sessionPathModel: PathModel<typeof sessionMachine, SessionWorld> = {
  name: 'session',
  machine: sessionMachine,
  inputs: [{ role: 'student' }, { role: 'teacher' }],
  world: sessionWorld,
  provide: provideSession,
  events: sessionEvents,
  internal: {
    'xstate.done.actor.logout': doneFixture('logout', [undefined], (w: SessionWorld) => w.logout),
    'xstate.error.actor.logout': errorFixture(
      'logout',
      [http(401), offline],
      (w: SessionWorld) => w.logout,
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
    done: ({ status, context }, { world }) => {
      assert.equal(status, 'done');
      assert.equal(world.allCleared, 1);
      assert.deepEqual(world.navigations, [{ to: LOGIN[context.role], replace: true }]);
    },
  },
};
