// Tutors as the profile fetch gives them (user/me + user/accounts), one per onboarding step
// (spec §4 "Tutor onboarding step", D4). Shared by the tutor machines' and screens' tests.
import type { TutorSummary } from '../../machines/tutorGuard/onboardingStep';

const cashfree = (status: string) => [{ pg_name: 'cashfree', status }];

/** Step 0, payments open. */
export const APPROVED_TUTOR: TutorSummary = {
  role: 'teacher',
  first_name: 'Asha',
  last_name: 'Verma',
  pan: 'ABCPV1234K',
  username: 'asha-verma',
  hasBankAccount: true,
  pg_onboarding_status: cashfree('MIN_KYC_APPROVED'),
};
/** Step 0, KYC under review (D4). */
export const SUBMITTED_TUTOR: TutorSummary = {
  ...APPROVED_TUTOR,
  pg_onboarding_status: cashfree('MIN_KYC_SUBMITTED'),
};
/** Step 3, Aadhaar. */
export const AADHAAR_PENDING_TUTOR: TutorSummary = {
  ...APPROVED_TUTOR,
  pg_onboarding_status: cashfree('MIN_KYC_PENDING'),
};
/** Step 3 after a rejection (D4: the failed panel). */
export const REJECTED_TUTOR: TutorSummary = {
  ...APPROVED_TUTOR,
  pg_onboarding_status: cashfree('MIN_KYC_REJECTED'),
};
/** Step 2, account details. */
export const NO_BANK_TUTOR: TutorSummary = {
  ...APPROVED_TUTOR,
  hasBankAccount: false,
  pg_onboarding_status: [],
};
/** Step 1, personal details: a tutor who has just logged in for the first time. */
export const NEW_TUTOR: TutorSummary = {
  role: 'teacher',
  first_name: null,
  last_name: null,
  pan: null,
  username: null,
  hasBankAccount: false,
  pg_onboarding_status: [],
};
