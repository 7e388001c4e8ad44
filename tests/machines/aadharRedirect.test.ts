// Journeys of the aadharRedirect machine whose end state matters (spec §2
// tutor/onboarding/aadhar-redirect, §4 "Tutor onboarding step"; D4, D35).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { congratulationsTexts } from '../../machines/aadharRedirect/aadharRedirect.machine';
import type { TutorSessionFacts } from '../../machines/tutorGuard/onboardingStep';
import { messages } from '../../src/domain/messages';
import {
  NO_TOKEN,
  NO_USER_ID,
  WITH_TOKEN,
  aadharRedirectWorld,
  provideAadharRedirect,
} from './aadharRedirect.model';
import { flush, http, offline } from './loginFakes';
import {
  AADHAAR_PENDING_TUTOR,
  APPROVED_TUTOR,
  REJECTED_TUTOR,
  SUBMITTED_TUTOR,
} from './tutorProfiles';

async function start(session: TutorSessionFacts) {
  const world = aadharRedirectWorld();
  const actor = createActor(provideAadharRedirect(world)).start();
  world.readSession.last().resolve(session);
  await flush();
  return { world, actor, snap: () => actor.getSnapshot() };
}

type Redirect = Awaited<ReturnType<typeof start>>;

async function refreshed(t: Redirect) {
  t.world.refreshStatus.last().resolve();
  await flush();
}

describe('aadharRedirect machine', () => {
  it('without a token: Session Expired, nothing cleared or fetched; Login goes to /tutor/login', async () => {
    const t = await start(NO_TOKEN);
    expect(t.snap().value).toBe('sessionExpired');
    expect(t.world.flowsCleared).toBe(0);
    expect(t.world.refreshStatus.calls).toHaveLength(0);
    t.actor.send({ type: 'session.login' });
    expect(t.world.navigations).toEqual([{ to: '/tutor/login', replace: true }]);
    expect(t.snap().status).toBe('done');
  });

  it('with a token: the active flow is cleared, the status re-read with the stored user id, then the profile', async () => {
    const t = await start(WITH_TOKEN);
    expect(t.world.flowsCleared).toBe(1);
    expect(t.world.refreshStatus.last().input).toEqual({ userId: '7' });
    expect(t.snap().hasTag('loading')).toBe(true);
    expect(t.world.fetchProfile.calls).toHaveLength(0);
    await refreshed(t);
    expect(t.world.fetchProfile.calls).toHaveLength(1);
  });

  it('step 0: stored, then the congratulations; Continue goes to /tutor/aadhar-verification', async () => {
    const t = await start(WITH_TOKEN);
    await refreshed(t);
    t.world.fetchProfile.last().resolve(APPROVED_TUTOR);
    await flush();
    expect(t.world.steps).toEqual([{ step: 0, target: '/tutor/dashboard' }]);
    expect(t.snap().value).toBe('congratulations');
    expect(congratulationsTexts(t.snap())).toEqual({
      title: 'Congratulations for completing your Aadhaar KYC!',
      body: 'You can start accepting payments on TuitionPay now',
    });
    t.actor.send({ type: 'redirect.continue' });
    expect(t.world.navigations).toEqual([{ to: '/tutor/aadhar-verification', replace: true }]);
  });

  it('KYC under review (MIN_KYC_SUBMITTED): the congratulations say 2-3 business days', async () => {
    const t = await start(WITH_TOKEN);
    await refreshed(t);
    t.world.fetchProfile.last().resolve(SUBMITTED_TUTOR);
    await flush();
    expect(congratulationsTexts(t.snap())).toEqual({
      title: messages.aadhaar.congratulations,
      body: messages.aadhaar.underReview,
    });
  });

  it.each([
    ['still pending', AADHAAR_PENDING_TUTOR],
    ['rejected (D4)', REJECTED_TUTOR],
  ] as const)('KYC %s: step 3 stored, back to sign-up (replace)', async (_, profile) => {
    const t = await start(WITH_TOKEN);
    await refreshed(t);
    t.world.fetchProfile.last().resolve(profile);
    await flush();
    expect(t.world.steps).toEqual([{ step: 3, target: '/tutor/personal-details' }]);
    expect(t.world.navigations).toEqual([{ to: '/tutor/personal-details', replace: true }]);
    expect(t.snap().status).toBe('done');
  });

  it('a 401 on the re-read or on the profile: the session is forgotten, Session Expired', async () => {
    const onRefresh = await start(WITH_TOKEN);
    onRefresh.world.refreshStatus.last().reject(http(401));
    await flush();
    expect(onRefresh.snap().value).toBe('sessionExpired');
    expect(onRefresh.world.sessionsCleared).toBe(1);

    const onProfile = await start(WITH_TOKEN);
    await refreshed(onProfile);
    onProfile.world.fetchProfile.last().reject(http(401));
    await flush();
    expect(onProfile.snap().value).toBe('sessionExpired');
    expect(onProfile.world.sessionsCleared).toBe(1);
  });

  it('offline or a 5xx: an error and a retry, which starts over', async () => {
    const t = await start(WITH_TOKEN);
    t.world.refreshStatus.last().reject(http(502));
    await flush();
    expect(t.snap().value).toBe('failed');
    expect(t.snap().context.error).toBe(messages.aadhaar.redirectFailed);
    t.actor.send({ type: 'redirect.retry' });
    t.world.readSession.last().resolve(WITH_TOKEN);
    await flush();
    await refreshed(t);
    t.world.fetchProfile.last().reject(offline);
    await flush();
    expect(t.snap().context.error).toBe(messages.generic.network);
    expect(t.world.navigations).toEqual([]);
  });

  it('a stale user id (404) or none stored: the step comes from the profile alone', async () => {
    const stale = await start(WITH_TOKEN);
    stale.world.refreshStatus.last().reject(http(404));
    await flush();
    expect(stale.snap().value).toBe('deriving');

    const none = await start(NO_USER_ID);
    expect(none.world.refreshStatus.calls).toHaveLength(0);
    expect(none.world.flowsCleared).toBe(1);
    expect(none.snap().value).toBe('deriving');
  });
});
