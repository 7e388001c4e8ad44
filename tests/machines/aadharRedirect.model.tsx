// Path model of the aadharRedirect machine, shared by its vitest suite and
// scripts/path-coverage.ts. Storage, the KYC re-read and the profile are fakes.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { aadharRedirectMachine } from '../../machines/aadharRedirect/aadharRedirect.machine';
import type { NavigateParams } from '../../machines/shared/navigation';
import type {
  StepToStore,
  TutorSessionFacts,
  TutorSummary,
} from '../../machines/tutorGuard/onboardingStep';
import { messages } from '../../src/domain/messages';
import { AadharRedirectView } from '../../src/ui/routes/tutor/kyc/AadharRedirectPage';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { clickOn, queryButton } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';
import { AADHAAR_PENDING_TUTOR, APPROVED_TUTOR, SUBMITTED_TUTOR } from './tutorProfiles';

export interface AadharRedirectWorld {
  readSession: FakeCall<TutorSessionFacts, void>;
  refreshStatus: FakeCall<void, { userId: string }>;
  fetchProfile: FakeCall<TutorSummary, void>;
  flowsCleared: number;
  sessionsCleared: number;
  steps: StepToStore[];
  navigations: NavigateParams[];
}

export const aadharRedirectWorld = (): AadharRedirectWorld => ({
  readSession: fakeCall(),
  refreshStatus: fakeCall(),
  fetchProfile: fakeCall(),
  flowsCleared: 0,
  sessionsCleared: 0,
  steps: [],
  navigations: [],
});

export const provideAadharRedirect = (w: AadharRedirectWorld) =>
  aadharRedirectMachine.provide({
    actors: {
      readSession: w.readSession.logic,
      refreshStatus: w.refreshStatus.logic,
      fetchProfile: w.fetchProfile.logic,
    },
    actions: {
      clearActiveFlow: () => void (w.flowsCleared += 1),
      clearSession: () => void (w.sessionsCleared += 1),
      storeStep: (_, step) => void w.steps.push(step),
      navigate: (_, params) => void w.navigations.push(params),
    },
  });

export const WITH_TOKEN: TutorSessionFacts = { hasToken: true, studentLogin: false, userId: '7' };
export const NO_TOKEN: TutorSessionFacts = { hasToken: false, studentLogin: false, userId: null };
/** A token but no stored user id: nothing to re-read with; the profile decides. */
export const NO_USER_ID: TutorSessionFacts = { hasToken: true, studentLogin: false, userId: null };

export const aadharRedirectEvents = {
  'redirect.retry': [{ type: 'redirect.retry' }],
  'redirect.continue': [{ type: 'redirect.continue' }],
  'session.login': [{ type: 'session.login' }],
} satisfies EventFixtures<typeof aadharRedirectMachine, AadharRedirectWorld>;

const m = messages.aadhaar;

/** The page is verifying: its title and spinner, no error. */
function verifying() {
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(m.redirectVerifying);
  expect(screen.getByLabelText(m.redirectVerifying)).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
}

/** tutor/onboarding/aadhar-redirect as the tutor sees it, back from the gateway's KYC page. */
export const aadharRedirectScreen: UiLayer<typeof aadharRedirectMachine, AadharRedirectWorld> = {
  view: ({ actor }) => <AadharRedirectView actor={actor} />,
  gestures: {
    'redirect.retry': (_, ui) => clickOn(queryButton(m.retry), ui),
    'redirect.continue': (_, ui) => clickOn(queryButton(m.continue), ui),
    'session.login': (_, ui) => clickOn(queryButton(messages.auth.login), ui),
  },
  screens: {
    checking: verifying,
    refreshing: verifying,
    deriving: verifying,
    derived: null,
    failed: (snapshot) => {
      expect(screen.getByRole('alert')).toHaveTextContent(snapshot.context.error!);
      expect(queryButton(m.retry)).not.toBeNull();
    },
    congratulations: () => {
      expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent(m.redirectVerifying);
      expect(queryButton(m.continue)).not.toBeNull();
    },
    sessionExpired: () => {
      expect(screen.getByRole('dialog')).toHaveTextContent(messages.auth.sessionExpired);
      expect(queryButton(messages.auth.login)).not.toBeNull();
    },
    // The next page takes over (the machine layer checks where it goes).
    done: null,
  },
};

export const aadharRedirectPathModel: PathModel<typeof aadharRedirectMachine, AadharRedirectWorld> =
  {
    name: 'aadharRedirect',
    machine: aadharRedirectMachine,
    world: aadharRedirectWorld,
    provide: provideAadharRedirect,
    events: aadharRedirectEvents,
    ui: aadharRedirectScreen,
    internal: {
      'xstate.done.actor.readSession': doneFixture(
        'readSession',
        [WITH_TOKEN, NO_TOKEN, NO_USER_ID],
        (w: AadharRedirectWorld) => w.readSession,
      ),
      'xstate.done.actor.refreshStatus': doneFixture(
        'refreshStatus',
        [undefined],
        (w: AadharRedirectWorld) => w.refreshStatus,
      ),
      'xstate.error.actor.refreshStatus': errorFixture(
        'refreshStatus',
        [http(401), http(404), http(502)],
        (w: AadharRedirectWorld) => w.refreshStatus,
      ),
      'xstate.done.actor.fetchProfile': doneFixture(
        'fetchProfile',
        [APPROVED_TUTOR, SUBMITTED_TUTOR, AADHAAR_PENDING_TUTOR],
        (w: AadharRedirectWorld) => w.fetchProfile,
      ),
      'xstate.error.actor.fetchProfile': errorFixture(
        'fetchProfile',
        [http(401), offline],
        (w: AadharRedirectWorld) => w.fetchProfile,
      ),
    },
    states: {
      checking: (snapshot, { world }) => {
        assert.ok(snapshot.hasTag('loading'));
        assert.ok(world.readSession.calls.length >= 1);
        assert.equal(snapshot.context.error, null);
      },
      refreshing: ({ context }, { world }) => {
        assert.ok(world.flowsCleared >= 1);
        assert.deepEqual(world.refreshStatus.last().input, { userId: context.session?.userId });
      },
      deriving: ({ context }, { world }) => {
        assert.equal(context.session?.hasToken, true);
        assert.ok(world.flowsCleared >= 1);
        assert.ok(world.fetchProfile.calls.length >= 1);
      },
      derived: () => assert.fail('a transient state is never at rest'),
      failed: (snapshot) => {
        assert.ok(snapshot.hasTag('error'));
        const shown: readonly (string | null)[] = [
          messages.aadhaar.redirectFailed,
          messages.generic.network,
        ];
        assert.ok(shown.includes(snapshot.context.error));
      },
      congratulations: ({ context }, { world }) => {
        assert.equal(context.onboarding?.step, 0);
        assert.deepEqual(world.steps.at(-1), { step: 0, target: '/tutor/dashboard' });
        assert.deepEqual(world.navigations, []);
      },
      sessionExpired: ({ context }, { world }) => {
        // No token, or the server refused it (then it was forgotten).
        if (context.session?.hasToken) assert.ok(world.sessionsCleared >= 1);
        assert.deepEqual(world.navigations, []);
      },
      done: ({ context, status }, { world }) => {
        assert.equal(status, 'done');
        const [navigation, ...more] = world.navigations;
        assert.equal(more.length, 0);
        assert.equal(navigation?.replace, true);
        if (!context.onboarding) assert.equal(navigation?.to, '/tutor/login');
        else if (context.onboarding.step === 0) {
          assert.equal(navigation?.to, '/tutor/aadhar-verification');
        } else assert.equal(navigation?.to, '/tutor/personal-details');
      },
    },
  };
