// Journeys of the tutorDashboard machine (the dashboard's head: spec §2, §4; D4; Logout is the session machine's).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { TutorSummary } from '../../machines/tutorGuard/onboardingStep';
import { kycCard } from '../../machines/tutorDashboard/tutorDashboard.machine';
import { provideTutorDashboard, tutorDashboardWorld } from './tutorDashboard.model';
import {
  AADHAAR_PENDING_TUTOR,
  APPROVED_TUTOR,
  NEW_TUTOR,
  REJECTED_TUTOR,
  SUBMITTED_TUTOR,
} from './tutorProfiles';

function start(profile: TutorSummary, showDialog = false) {
  const world = tutorDashboardWorld();
  const actor = createActor(provideTutorDashboard(world), {
    input: { profile, showDialog },
  }).start();
  return { world, actor, snap: () => actor.getSnapshot() };
}

describe('tutorDashboard machine', () => {
  it('the KYC card: approved or active accept payments, submitted is under review, else complete KYC', () => {
    const cashfree = (status: string) => ({
      ...APPROVED_TUTOR,
      pg_onboarding_status: [{ pg_name: 'cashfree', status }],
    });
    expect(kycCard(APPROVED_TUTOR)).toBe('accepting');
    expect(kycCard(cashfree('ACTIVE'))).toBe('accepting');
    expect(kycCard(SUBMITTED_TUTOR)).toBe('underReview');
    expect(kycCard(AADHAAR_PENDING_TUTOR)).toBe('incomplete');
    expect(kycCard(REJECTED_TUTOR)).toBe('incomplete');
    expect(kycCard(NEW_TUTOR)).toBe('incomplete');
  });

  it("shows the tutor's name and username", () => {
    expect(start(APPROVED_TUTOR).snap().context).toMatchObject({
      name: 'Asha Verma',
      username: 'asha-verma',
    });
    expect(start(NEW_TUTOR).snap().context).toMatchObject({ name: '', username: null });
  });

  it('the dialog shows once: closing it clears the flag; without the flag it never opens', () => {
    const t = start(APPROVED_TUTOR, true);
    expect(t.snap().context.dialogOpen).toBe(true);
    t.actor.send({ type: 'dialog.close' });
    t.actor.send({ type: 'dialog.close' });
    expect(t.snap().context.dialogOpen).toBe(false);
    expect(t.world.flagsCleared).toBe(1);
    expect(start(APPROVED_TUTOR, false).snap().context.dialogOpen).toBe(false);
  });
});
