// Path model of the tutorGuard machine, shared by its vitest suite and scripts/path-coverage.ts.
// Storage and the profile are fakes; `page.enter` walks the four guarded pages.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { Link, Navigate, Route, Routes } from 'react-router-dom';
import { expect } from 'vitest';
import type { NavigateParams } from '../../machines/shared/navigation';
import type {
  StepToStore,
  TutorSessionFacts,
  TutorSummary,
} from '../../machines/tutorGuard/onboardingStep';
import {
  leavesFor,
  tutorGuardMachine,
  type TutorPage,
} from '../../machines/tutorGuard/tutorGuard.machine';
import { messages } from '../../src/domain/messages';
import { TutorGuardView } from '../../src/ui/routes/tutor/guard/TutorGuard';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { clickOn, queryButton } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, type FakeCall } from './loginFakes';
import { APPROVED_TUTOR, NEW_TUTOR } from './tutorProfiles';

export interface TutorGuardWorld {
  readSession: FakeCall<TutorSessionFacts, void>;
  fetchProfile: FakeCall<TutorSummary, void>;
  resets: number;
  cleared: number;
  steps: StepToStore[];
  navigations: NavigateParams[];
}

export const tutorGuardWorld = (): TutorGuardWorld => ({
  readSession: fakeCall(),
  fetchProfile: fakeCall(),
  resets: 0,
  cleared: 0,
  steps: [],
  navigations: [],
});

export const provideTutorGuard = (w: TutorGuardWorld) =>
  tutorGuardMachine.provide({
    actors: { readSession: w.readSession.logic, fetchProfile: w.fetchProfile.logic },
    actions: {
      resetForTutor: () => void (w.resets += 1),
      clearSession: () => void (w.cleared += 1),
      storeStep: (_, step) => void w.steps.push(step),
      navigate: (_, params) => void w.navigations.push(params),
    },
  });

export const LOGGED_IN: TutorSessionFacts = { hasToken: true, studentLogin: false, userId: '7' };
export const LOGGED_OUT: TutorSessionFacts = { hasToken: false, studentLogin: false, userId: null };
export const STUDENT: TutorSessionFacts = { hasToken: true, studentLogin: true, userId: '42' };

export const tutorGuardEvents = {
  'page.enter': [
    { type: 'page.enter', page: 'login' },
    { type: 'page.enter', page: 'signup' },
    { type: 'page.enter', page: 'completeKyc' },
    { type: 'page.enter', page: 'dashboard' },
  ],
  'guard.retry': [{ type: 'guard.retry' }],
  'session.login': [{ type: 'session.login' }],
} satisfies EventFixtures<typeof tutorGuardMachine, TutorGuardWorld>;

const lastNavigation = (w: TutorGuardWorld) => w.navigations.at(-1);
const transient = () => assert.fail('a transient state is never at rest');

const m = messages.tutorGuard;

/** Where each guarded page is (src/ui/routes/tutor/guard/tutorPage.ts reads them back). */
const PATHS: Record<TutorPage, string> = {
  login: '/tutor/login',
  signup: '/tutor/personal-details',
  completeKyc: '/tutor/complete-kyc',
  dashboard: '/tutor/dashboard',
};
const pageText = (page: TutorPage) => `The ${page} page`;

/**
 * The tutor/ layout with a stand-in for each page under it, opened on sign-up (the input);
 * links to the four pages stand for the tutor going to one.
 */
function GuardedPages({ actor }: { actor: Parameters<typeof TutorGuardView>[0]['actor'] }) {
  const pages = Object.entries(PATHS) as [TutorPage, string][];
  return (
    <>
      <nav>
        {pages.map(([page, path]) => (
          <Link key={page} to={path}>
            {`Go to ${page}`}
          </Link>
        ))}
      </nav>
      <Routes>
        <Route element={<TutorGuardView actor={actor} />}>
          {pages.map(([page, path]) => (
            <Route key={page} path={path} element={<p>{pageText(page)}</p>} />
          ))}
        </Route>
        <Route path="*" element={<Navigate to={PATHS.signup} replace />} />
      </Routes>
    </>
  );
}

export const tutorGuardScreen: UiLayer<typeof tutorGuardMachine, TutorGuardWorld> = {
  view: ({ actor }) => <GuardedPages actor={actor} />,
  gestures: {
    'page.enter': ({ page }, ui) =>
      clickOn(screen.getByRole('link', { name: `Go to ${page}` }), ui),
    'guard.retry': (_, ui) => clickOn(queryButton(m.retry), ui),
    'session.login': (_, ui) => clickOn(queryButton(messages.auth.login), ui),
  },
  screens: {
    checking: () => {
      expect(screen.getByLabelText(m.checking)).toBeInTheDocument();
    },
    deriving: () => {
      expect(screen.getByLabelText(m.checking)).toBeInTheDocument();
    },
    derived: null,
    anonymous: null,
    failed: (snapshot) => {
      expect(screen.getByRole('alert')).toHaveTextContent(snapshot.context.error!);
      expect(queryButton(m.retry)).not.toBeNull();
    },
    sessionExpired: () => {
      expect(screen.getByRole('dialog')).toHaveTextContent(messages.auth.sessionExpired);
    },
    // The page asked for, and nothing of the guard's.
    allowed: ({ context }) => {
      expect(screen.getByText(pageText(context.page))).toBeInTheDocument();
      expect(screen.queryByLabelText(m.checking)).toBeNull();
    },
    // The machine layer checks where it sent the tutor; the page is not shown meanwhile.
    redirected: ({ context }) => {
      expect(screen.queryByText(pageText(context.page))).toBeNull();
    },
  },
};

export const tutorGuardPathModel: PathModel<typeof tutorGuardMachine, TutorGuardWorld> = {
  name: 'tutorGuard',
  machine: tutorGuardMachine,
  inputs: [{ page: 'signup' }],
  world: tutorGuardWorld,
  provide: provideTutorGuard,
  events: tutorGuardEvents,
  // A navigation is to another page: the layout tells the machine only when the page changes.
  possible: (snapshot, event) =>
    event.type !== 'page.enter' || (event as { page?: unknown }).page !== snapshot.context.page,
  ui: tutorGuardScreen,
  internal: {
    'xstate.done.actor.readSession': doneFixture(
      'readSession',
      [LOGGED_IN, LOGGED_OUT, STUDENT],
      (w: TutorGuardWorld) => w.readSession,
    ),
    'xstate.done.actor.fetchProfile': doneFixture(
      'fetchProfile',
      [APPROVED_TUTOR, NEW_TUTOR],
      (w: TutorGuardWorld) => w.fetchProfile,
    ),
    'xstate.error.actor.fetchProfile': errorFixture(
      'fetchProfile',
      [http(401), http(500)],
      (w: TutorGuardWorld) => w.fetchProfile,
    ),
  },
  states: {
    checking: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      assert.ok(world.readSession.calls.length >= 1);
      assert.equal(snapshot.context.error, null);
    },
    deriving: ({ context }, { world }) => {
      assert.equal(context.session?.hasToken, true);
      assert.equal(context.session?.studentLogin, false);
      assert.ok(world.fetchProfile.calls.length >= 1);
    },
    derived: transient,
    anonymous: transient,
    failed: (snapshot) => {
      assert.ok(snapshot.hasTag('error'));
      assert.equal(snapshot.context.error, messages.tutorGuard.loadFailed);
      assert.equal(snapshot.context.onboarding, null);
    },
    sessionExpired: ({ context }) => {
      assert.equal(context.page, 'signup');
      assert.equal(context.session?.hasToken, false);
    },
    allowed: ({ context }, { world }) => {
      const { session, onboarding, page } = context;
      assert.ok(session);
      if (session.studentLogin) {
        assert.equal(page, 'login');
        assert.ok(world.resets >= 1);
      } else if (session.hasToken) {
        assert.ok(onboarding);
        assert.equal(leavesFor(page, onboarding), false);
        assert.deepEqual(world.steps.at(-1), { step: onboarding.step, target: onboarding.target });
      } else {
        assert.ok(page === 'login' || page === 'completeKyc');
      }
    },
    redirected: ({ context }, { world }) => {
      const { session, onboarding } = context;
      const navigation = lastNavigation(world);
      assert.equal(navigation?.replace, true);
      if (session?.hasToken && !session.studentLogin && onboarding) {
        assert.equal(navigation?.to, onboarding.target);
      } else {
        assert.equal(navigation?.to, '/tutor/login');
      }
    },
  },
};
