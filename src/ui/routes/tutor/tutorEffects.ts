// What the tutor screens give their machines (login, tutorGuard, aadharRedirect,
// tutorDashboard): storage reads and writes (spec §3 keys), analytics.
import { fromPromise } from 'xstate';
import type {
  StepToStore,
  TutorSessionFacts,
  TutorSummary,
} from '../../../../machines/tutorGuard/onboardingStep';
import type { Account, SessionToStore } from '../../../../machines/login/login.machine';
import { fetchTutorProfile } from '../../../api/actors/tutor';
import { storage } from '../../../browser/storage';

/** The tutor's user and bank accounts (src/api/actors/tutor.ts), as the tutor machines read it. */
export const fetchProfileActor = fromPromise<TutorSummary, void>(({ signal }) =>
  fetchTutorProfile(signal),
);

/** The login's account step for a tutor: the same profile. */
export const tutorAccountActor = fromPromise<Account, void>(async ({ signal }) => ({
  role: 'teacher',
  profile: await fetchTutorProfile(signal),
}));

/** What the guard and aadhar-redirect start from: a token, the student's flag, the user id. */
export function readTutorSession(): TutorSessionFacts {
  return {
    hasToken: storage.get('access-token') !== null,
    // Spec §4: "if the student-login flag exists", whatever its value.
    studentLogin: storage.get('studentLogin') !== null,
    userId: storage.get('userId'),
  };
}

export const readTutorSessionActor = fromPromise<TutorSessionFacts, void>(async () =>
  readTutorSession(),
);

/** After a correct code (spec §3): token, user id, phone and the tutor-login flag. */
export function storeTutorSession(_: unknown, { token, userId, phone }: SessionToStore): void {
  storage.set('access-token', token);
  storage.set('userId', userId);
  storage.set('phoneNumber', phone);
  storage.set('tutorLogin', true);
  // One login at a time: the root redirect (spec §2) must not find a student's flag too.
  storage.remove('studentLogin');
}

/** A 401: the server no longer knows the session (the token and the tutor-login flag go). */
export function clearTutorSession(): void {
  storage.remove('access-token');
  storage.remove('tutorLogin');
}

/** Spec §4 "Tutor guard": a student was logged in; storage is cleared, the tutor flag set. */
export function resetForTutor(): void {
  storage.clearAll();
  storage.set('tutorLogin', true);
}

/** Spec §4: "stores the step and navigation target". */
export function storeStep(_: unknown, { step, target }: StepToStore): void {
  storage.set('tutorOnboardingStep', step);
  storage.set('tutorOnboardingNavigation', target);
}

/** Spec §2 aadhar-redirect: "clears the active flow". */
export function clearActiveFlow(): void {
  storage.clearActiveFlow();
}

/** Spec §2 aadhar-verification: the dashboard shows its dialog once. */
export function flagDialog(): void {
  storage.set('showDialog', true);
}

export function readShowDialog(): boolean {
  return storage.get('showDialog') === true;
}

export function clearDialogFlag(): void {
  storage.remove('showDialog');
}

/** Logout (D13): every key of ours, in both areas. */
export function clearAll(): void {
  storage.clearAll();
}

/** Analytics (D22): the one adapter, which never blocks or breaks a flow. */
export { trackAction as track } from '../../../browser/analytics';
