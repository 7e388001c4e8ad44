// Gateway onboarding (KYC) statuses and what they mean for payers and for the tutor's own
// sign-up (spec §3, §4; D4).

import { PG_NAME, type UserRole } from './constants';

export const PG_ONBOARDING_STATUSES = [
  'NONE',
  'INITIATED',
  'EMAIL_VERIFIED',
  'MIN_KYC_PENDING',
  'MIN_KYC_REJECTED',
  'MIN_KYC_SUBMITTED',
  'MIN_KYC_APPROVED',
  'ACTIVE',
] as const;
export type PgOnboardingStatus = (typeof PG_ONBOARDING_STATUSES)[number];

export interface PgOnboardingEntry {
  pg_name: string;
  status: string;
}

type OnboardingList = readonly PgOnboardingEntry[] | null | undefined;

export function isPgOnboardingStatus(value: unknown): value is PgOnboardingStatus {
  return (PG_ONBOARDING_STATUSES as readonly unknown[]).includes(value);
}

/** Spec §3: a user with any pg_onboarding_status entry is onboarded with the gateway. */
export function isOnboarded(list: readonly unknown[] | null | undefined): boolean {
  return (list?.length ?? 0) > 0;
}

/**
 * The status that counts: the cashfree entry, else the first; NONE when there is none. An
 * unknown spelling is read as NONE, the safe end (it cannot accept payments).
 */
export function gatewayStatus(list: OnboardingList): PgOnboardingStatus {
  const entry = list?.find((e) => e.pg_name === PG_NAME) ?? list?.[0];
  return entry && isPgOnboardingStatus(entry.status) ? entry.status : 'NONE';
}

/** A tutor can be paid only after minimum KYC is approved. */
export function canAcceptPayments(status: PgOnboardingStatus): boolean {
  return status === 'MIN_KYC_APPROVED' || status === 'ACTIVE';
}

const hasText = (value: string | null | undefined): boolean => (value ?? '').trim() !== '';

/** What the server tells about a user; PAN as the value (owner's view) or as has_pan (D17). */
export interface UserFacts {
  role?: UserRole | null;
  first_name?: string | null;
  last_name?: string | null;
  pan?: string | null;
  has_pan?: boolean | null;
  pg_onboarding_status?: OnboardingList;
}

const hasName = (u: UserFacts): boolean => hasText(u.first_name) && hasText(u.last_name);
const hasPan = (u: UserFacts): boolean => u.has_pan === true || hasText(u.pan);

/** What a payer is told about a tutor who cannot be paid yet (spec §4). */
export type KycOutcome = 'kyc-link-sent' | 'kyc-done';

export type PayeeOutcome = 'payee-is-student' | 'tutor-details' | KycOutcome | 'review';

/** A tutor whose status cannot accept payments: KYC under review, or the KYC link was sent. */
export function kycOutcome(status: PgOnboardingStatus): KycOutcome {
  return status === 'MIN_KYC_SUBMITTED' ? 'kyc-done' : 'kyc-link-sent';
}

/**
 * Spec §4, a tutor entered by phone on the payment-details form. An unknown phone (null) and a
 * tutor without both names or a PAN go to /pay/tutor-details; a student's phone is refused.
 */
export function payeeOutcome(payee: UserFacts | null | undefined): PayeeOutcome {
  if (!payee) return 'tutor-details';
  if (payee.role === 'student') return 'payee-is-student';
  if (!hasName(payee) || !hasPan(payee)) return 'tutor-details';
  const status = gatewayStatus(payee.pg_onboarding_status);
  if (canAcceptPayments(status)) return 'review';
  return kycOutcome(status);
}

export const TUTOR_DASHBOARD_PATH = '/tutor/dashboard';
export const TUTOR_SIGNUP_PATH = '/tutor/personal-details';
/** Where the gateway's KYC page sends the tutor back (the onboarding link's return_url). */
export const AADHAAR_RETURN_PATH = '/tutor/onboarding/aadhar-redirect';

/** 0 finished (dashboard), 1 personal details, 2 account details, 3 Aadhaar. */
export type TutorOnboardingStepNumber = 0 | 1 | 2 | 3;

export interface TutorOnboardingStep {
  step: TutorOnboardingStepNumber;
  /**
   * Where the guard sends the tutor: the dashboard exactly when step is 0, else sign-up. Kept
   * next to the step so the guard stores both (spec §4 "stores the step and navigation target")
   * and never re-derives one from the other.
   */
  target: typeof TUTOR_DASHBOARD_PATH | typeof TUTOR_SIGNUP_PATH;
  /** D4: step 3 after a rejection opens on the failed panel with 'Verify Again'. */
  aadhaarRejected: boolean;
  /** D4: MIN_KYC_SUBMITTED lands on the dashboard while KYC is under review. */
  kycUnderReview: boolean;
}

export interface TutorFacts extends UserFacts {
  /** Whether the tutor has at least one verified bank account (user/accounts/). */
  hasBankAccount: boolean;
  /** Spec §4: the prefill (user details) could not be loaded. */
  prefillFailed?: boolean;
}

const AADHAAR_STEP_STATUSES: readonly PgOnboardingStatus[] = [
  'NONE', // D4: otherwise dashboard → complete KYC → sign-up → dashboard loops
  'INITIATED',
  'EMAIL_VERIFIED',
  'MIN_KYC_PENDING',
  'MIN_KYC_REJECTED', // D4: retry from the failed panel
];

/** Spec §4 "Tutor onboarding step" in the spec's order, amended by D4. */
export function tutorOnboardingStep(tutor: TutorFacts): TutorOnboardingStep {
  const status = gatewayStatus(tutor.pg_onboarding_status);
  const at = (step: TutorOnboardingStepNumber): TutorOnboardingStep => ({
    step,
    target: step === 0 ? TUTOR_DASHBOARD_PATH : TUTOR_SIGNUP_PATH,
    aadhaarRejected: step === 3 && status === 'MIN_KYC_REJECTED',
    kycUnderReview: step === 0 && status === 'MIN_KYC_SUBMITTED',
  });
  if (tutor.prefillFailed || !hasName(tutor) || !hasPan(tutor)) return at(1);
  if (!tutor.hasBankAccount) return at(2);
  if (AADHAAR_STEP_STATUSES.includes(status)) return at(3);
  return at(0); // MIN_KYC_SUBMITTED (under review), MIN_KYC_APPROVED, ACTIVE
}
