// Journeys of the tutorGuard machine whose end state matters (spec §4 "Tutor guard", D4, D27).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { TutorSessionFacts, TutorSummary } from '../../machines/tutorGuard/onboardingStep';
import type { TutorPage } from '../../machines/tutorGuard/tutorGuard.machine';
import { messages } from '../../src/domain/messages';
import { flush, http, offline } from './loginFakes';
import {
  LOGGED_IN,
  LOGGED_OUT,
  STUDENT,
  provideTutorGuard,
  tutorGuardWorld,
} from './tutorGuard.model';
import { AADHAAR_PENDING_TUTOR, APPROVED_TUTOR, NEW_TUTOR, SUBMITTED_TUTOR } from './tutorProfiles';

async function guard(page: TutorPage, session: TutorSessionFacts, profile?: TutorSummary) {
  const world = tutorGuardWorld();
  const actor = createActor(provideTutorGuard(world), { input: { page } }).start();
  world.readSession.last().resolve(session);
  await flush();
  if (profile) {
    world.fetchProfile.last().resolve(profile);
    await flush();
  }
  return { world, actor, snap: () => actor.getSnapshot() };
}

describe('tutorGuard machine: a student was logged in', () => {
  it.each(['signup', 'completeKyc', 'dashboard'] as const)(
    'on %s: storage is reset for the tutor, then /tutor/login (replace)',
    async (page) => {
      const t = await guard(page, STUDENT);
      expect(t.world.resets).toBe(1);
      expect(t.world.navigations).toEqual([{ to: '/tutor/login', replace: true }]);
      expect(t.world.fetchProfile.calls).toHaveLength(0);
      expect(t.snap().value).toBe('redirected');
    },
  );

  it('on the login itself: storage is reset and the login renders', async () => {
    const t = await guard('login', STUDENT);
    expect(t.world.resets).toBe(1);
    expect(t.world.navigations).toEqual([]);
    expect(t.snap().value).toBe('allowed');
  });
});

describe('tutorGuard machine: with a token', () => {
  it('stores the step and its target, and the login goes to the target', async () => {
    const t = await guard('login', LOGGED_IN, APPROVED_TUTOR);
    expect(t.world.steps).toEqual([{ step: 0, target: '/tutor/dashboard' }]);
    expect(t.world.navigations).toEqual([{ to: '/tutor/dashboard', replace: true }]);

    const next = await guard('login', LOGGED_IN, NEW_TUTOR);
    expect(next.world.steps).toEqual([{ step: 1, target: '/tutor/personal-details' }]);
    expect(next.world.navigations).toEqual([{ to: '/tutor/personal-details', replace: true }]);
  });

  it('sign-up at step 0 goes to the dashboard; at another step it renders', async () => {
    const done = await guard('signup', LOGGED_IN, SUBMITTED_TUTOR);
    expect(done.world.navigations).toEqual([{ to: '/tutor/dashboard', replace: true }]);

    const pending = await guard('signup', LOGGED_IN, AADHAAR_PENDING_TUTOR);
    expect(pending.world.steps).toEqual([{ step: 3, target: '/tutor/personal-details' }]);
    expect(pending.world.navigations).toEqual([]);
    expect(pending.snap().value).toBe('allowed');
    expect(pending.snap().context.onboarding?.step).toBe(3);
  });

  it('the dashboard at a step other than 0 goes to sign-up; at step 0 it renders with the tutor', async () => {
    const pending = await guard('dashboard', LOGGED_IN, NEW_TUTOR);
    expect(pending.world.navigations).toEqual([{ to: '/tutor/personal-details', replace: true }]);

    const done = await guard('dashboard', LOGGED_IN, APPROVED_TUTOR);
    expect(done.world.navigations).toEqual([]);
    expect(done.snap().value).toBe('allowed');
    expect(done.snap().context.profile).toEqual(APPROVED_TUTOR);
  });

  it('complete-kyc renders at any step', async () => {
    for (const profile of [APPROVED_TUTOR, NEW_TUTOR]) {
      const t = await guard('completeKyc', LOGGED_IN, profile);
      expect(t.world.navigations).toEqual([]);
      expect(t.snap().value).toBe('allowed');
    }
  });

  it('a 401 while deriving is no token: the session is forgotten, then as without one', async () => {
    const t = await guard('signup', LOGGED_IN);
    t.world.fetchProfile.last().reject(http(401));
    await flush();
    expect(t.world.cleared).toBe(1);
    expect(t.snap().value).toBe('sessionExpired');

    const dashboard = await guard('dashboard', LOGGED_IN);
    dashboard.world.fetchProfile.last().reject(http(401));
    await flush();
    expect(dashboard.world.navigations).toEqual([{ to: '/tutor/login', replace: true }]);
  });

  it('offline or a 5xx while deriving: an error and a retry, never a redirect', async () => {
    const t = await guard('dashboard', LOGGED_IN);
    t.world.fetchProfile.last().reject(offline);
    await flush();
    expect(t.snap().value).toBe('failed');
    expect(t.snap().hasTag('error')).toBe(true);
    expect(t.snap().context.error).toBe(messages.generic.network);
    t.actor.send({ type: 'guard.retry' });
    t.world.fetchProfile.last().reject(http(502));
    await flush();
    expect(t.snap().context.error).toBe(messages.tutorGuard.loadFailed);
    expect(t.world.navigations).toEqual([]);
    t.actor.send({ type: 'guard.retry' });
    t.world.fetchProfile.last().resolve(APPROVED_TUTOR);
    await flush();
    expect(t.snap().value).toBe('allowed');
  });
});

describe('tutorGuard machine: without a token', () => {
  it('login and complete-kyc render', async () => {
    expect((await guard('login', LOGGED_OUT)).snap().value).toBe('allowed');
    expect((await guard('completeKyc', LOGGED_OUT)).snap().value).toBe('allowed');
  });

  it('sign-up shows Session Expired; Login goes to /tutor/login', async () => {
    const t = await guard('signup', LOGGED_OUT);
    expect(t.snap().value).toBe('sessionExpired');
    expect(t.world.navigations).toEqual([]);
    t.actor.send({ type: 'session.login' });
    expect(t.world.navigations).toEqual([{ to: '/tutor/login', replace: true }]);
  });

  it('the dashboard goes to /tutor/login', async () => {
    const t = await guard('dashboard', LOGGED_OUT);
    expect(t.world.navigations).toEqual([{ to: '/tutor/login', replace: true }]);
  });
});

describe('tutorGuard machine: across pages', () => {
  it('each page is checked afresh, with what storage holds then (a login in between)', async () => {
    const t = await guard('login', LOGGED_OUT);
    expect(t.snap().value).toBe('allowed');
    t.actor.send({ type: 'page.enter', page: 'dashboard' });
    expect(t.snap().value).toBe('checking');
    expect(t.snap().context.profile).toBeNull();
    t.world.readSession.last().resolve(LOGGED_IN);
    await flush();
    t.world.fetchProfile.last().resolve(APPROVED_TUTOR);
    await flush();
    expect(t.snap().value).toBe('allowed');
    expect(t.snap().context.page).toBe('dashboard');
  });
});
