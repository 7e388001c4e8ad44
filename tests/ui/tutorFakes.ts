// A stand-in for src/api/actors/tutor.ts and src/api/actors/tutorSession.ts in the tutor screens'
// component tests:
//   vi.mock('../../src/api/actors/tutor', () => import('./tutorFakes'));
//   vi.mock('../../src/api/actors/tutorSession', () => import('./tutorFakes'));
// The machines are the real ones; each call goes to `tutorServer`, whose handlers a test sets
// (by default an approved tutor, and calls that succeed) and whose vi.fn records what was asked.
import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { TutorSummary } from '../../machines/tutorGuard/onboardingStep';
import { storage } from '../../src/browser/storage';
import { APPROVED_TUTOR } from '../machines/tutorProfiles';

export type FakeTutorProfile = TutorSummary & { id: string; phone: string };

/** As the profile fetch answers: the tutor plus id and phone. */
export const asProfile = (tutor: TutorSummary): FakeTutorProfile => ({
  ...tutor,
  id: '7',
  phone: '9876543210',
});

function handlers() {
  return {
    getProfile: vi.fn(async (): Promise<FakeTutorProfile> => asProfile(APPROVED_TUTOR)),
    refreshKycStatus: vi.fn(async (_userId: string): Promise<void> => {}),
    logout: vi.fn(async (): Promise<void> => {}),
  };
}

export const tutorServer = handlers();

/** Back to the happy server (call in beforeEach). */
export function resetTutorServer(): void {
  Object.assign(tutorServer, handlers());
}

/** A logged-in tutor (spec §3: token, user id, phone and the tutor-login flag). */
export function logInTutor(): void {
  storage.set('access-token', 'tok_tutor');
  storage.set('userId', '7');
  storage.set('phoneNumber', '9876543210');
  storage.set('tutorLogin', true);
}

// src/api/actors/tutor.ts
export const fetchTutorProfile = () => tutorServer.getProfile();
export const fetchTutorProfileActor = fromPromise<FakeTutorProfile, void>(() =>
  tutorServer.getProfile(),
);

// src/api/actors/tutorSession.ts
export const refreshKycStatus = (userId: string) => tutorServer.refreshKycStatus(userId);
export const refreshKycStatusActor = fromPromise<void, { userId: string }>(({ input }) =>
  tutorServer.refreshKycStatus(input.userId),
);
export const logout = () => tutorServer.logout();
export const logoutActor = fromPromise<void, void>(() => tutorServer.logout());
