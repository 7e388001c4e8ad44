// A stand-in for src/api/actors/tutor.ts and src/api/actors/tutorSignup.ts in the component tests:
//   vi.mock('../../src/api/actors/tutor', () => import('./tutorSignupFakes'));
//   vi.mock('../../src/api/actors/tutorSignup', () => import('./tutorSignupFakes'));
// The machines are the real ones; each call goes to `tutorServer`, whose handlers a test sets
// (all answer like a happy server by default) and whose vi.fn records what was asked.
import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import type {
  OnboardingStart,
  StartOnboardingInput,
} from '../../machines/aadhaarVerification/aadhaarVerification.machine';
import type { AddAccountInput } from '../../machines/bankVerification/bankVerification.machine';
import type { TutorProfile } from '../../src/api/actors/tutor';
import type { PgOnboardingStatus } from '../../src/domain/onboarding';

export const PAN = 'ABCPV1234K';

export function tutor(over: Partial<TutorProfile> = {}): TutorProfile {
  return {
    id: '7',
    phone: '9123456780',
    role: 'teacher',
    first_name: null,
    last_name: null,
    pan: null,
    username: null,
    pg_onboarding_status: [],
    hasBankAccount: false,
    ...over,
  };
}

const status = (s: PgOnboardingStatus) => [{ pg_name: 'cashfree', status: s }];
export const NEW_TUTOR = tutor();
export const PAN_VERIFIED = tutor({
  first_name: 'Asha',
  last_name: 'Verma',
  pan: PAN,
  username: 'asha-verma',
});
export const WITH_BANK = tutor({ ...PAN_VERIFIED, hasBankAccount: true });
export const KYC_REJECTED = tutor({
  ...WITH_BANK,
  pg_onboarding_status: status('MIN_KYC_REJECTED'),
});

/** The local sandbox's KYC page on this page's origin (D15 allows it). */
export const sandboxLink = () => 'http://127.0.0.1:3100/sandbox/cashfree/kyc/ab12';

function handlers() {
  return {
    profile: vi.fn(async (): Promise<TutorProfile> => NEW_TUTOR),
    addAccount: vi.fn(async (_: AddAccountInput): Promise<void> => {}),
    startOnboarding: vi.fn(async (_: StartOnboardingInput): Promise<OnboardingStart> => ({
      onboardingLink: sandboxLink(),
    })),
  };
}

export const tutorServer = handlers();

/** Back to the happy server (call in beforeEach). */
export function resetTutorServer(): void {
  Object.assign(tutorServer, handlers());
}

export const fetchTutorProfile = () => tutorServer.profile();
export const fetchTutorProfileActor = fromPromise<TutorProfile, void>(() => tutorServer.profile());
export const addAccountActor = fromPromise<void, AddAccountInput>(({ input }) =>
  tutorServer.addAccount(input),
);
export const startPgOnboardingActor = fromPromise<OnboardingStart, StartOnboardingInput>(
  ({ input }) => tutorServer.startOnboarding(input),
);
