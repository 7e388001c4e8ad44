// Path model of the session machine (Logout and a session found gone, D13), for both roles.
import assert from 'node:assert/strict';
import { useActorRef } from '@xstate/react';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { receiptPdfMachine } from '../../machines/receiptPdf/receiptPdf.machine';
import { sessionMachine } from '../../machines/session/session.machine';
import type { NavigateParams } from '../../machines/shared/navigation';
import type { SavedFile } from '../../machines/studentDashboard/studentPayments';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { LogoutButton, SessionScope } from '../../src/ui/app/session';
import { PdfDownload } from '../../src/ui/routes/student/dashboard/PaymentCard';
import { useEndSessionOn401 } from '../../src/ui/routes/student/dashboard/studentSession';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn } from '../support/uiPaths';
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

/** A part of the page whose call the server refuses with a 401: a receipt's Download PDF. */
const refusedPdf = receiptPdfMachine.provide({
  actors: {
    fetchPdf: fromPromise<SavedFile, { orderId: string }>(async () => {
      throw { kind: 'http', status: 401, message: null, retryAfter: null };
    }),
  },
  actions: { save: () => {} },
});

function ExpiringPart() {
  const actor = useActorRef(refusedPdf, { input: { orderId: 'ord_1' } });
  useEndSessionOn401(actor);
  return <PdfDownload actor={actor} />;
}

const logout = dashboardTexts.student.logout;

/** The dashboards' Logout button on the page's session. */
export const sessionScreen: UiLayer<typeof sessionMachine, SessionWorld> = {
  view: ({ actor }) => (
    <SessionScope actor={actor}>
      <LogoutButton>{logout}</LogoutButton>
      <ExpiringPart />
    </SessionScope>
  ),
  gestures: {
    logout: (_, ui) => clickOn(buttonNamed(logout), ui),
    // The session is found gone: a download the server refuses with a 401.
    'session.expired': (_, ui) =>
      clickOn(buttonNamed(dashboardTexts.student.payments.downloadPdf), ui),
  },
  screens: {
    active: () => {
      expect(buttonNamed(logout)).toBeEnabled();
    },
    loggingOut: () => {
      expect(buttonNamed(logout)).toHaveAttribute('data-loading', 'true');
    },
    // The role's login takes over (the machine layer checks what was cleared and where it went).
    done: null,
  },
};

const LOGIN = { student: '/student/login', teacher: '/tutor/login' };

export const sessionPathModel: PathModel<typeof sessionMachine, SessionWorld> = {
  name: 'session',
  machine: sessionMachine,
  inputs: [{ role: 'student' }, { role: 'teacher' }],
  world: sessionWorld,
  provide: provideSession,
  events: sessionEvents,
  ui: sessionScreen,
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
