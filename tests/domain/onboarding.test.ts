import { describe, it, expect } from 'vitest';
import {
  PG_ONBOARDING_STATUSES,
  canAcceptPayments,
  gatewayStatus,
  isOnboarded,
  isPgOnboardingStatus,
  payeeOutcome,
  tutorOnboardingStep,
  type PgOnboardingStatus,
  type TutorFacts,
  type UserFacts,
} from '../../src/domain/onboarding';

const withStatus = (status: string) => [{ pg_name: 'cashfree', status }];

const tutor = (status: PgOnboardingStatus, extra: Partial<UserFacts> = {}): UserFacts => ({
  role: 'teacher',
  first_name: 'Asha',
  last_name: 'Verma',
  pan: 'ABCPV1234F',
  pg_onboarding_status: withStatus(status),
  ...extra,
});

describe('spec §4 gateway onboarding statuses', () => {
  // The list itself is the contract's (tests/domain/contract.test.ts).
  it('tell a status from anything else', () => {
    expect(isPgOnboardingStatus('ACTIVE')).toBe(true);
    expect(isPgOnboardingStatus('active')).toBe(false);
  });

  it('spec §3 isOnboarded: any pg_onboarding_status entry', () => {
    expect(isOnboarded(withStatus('NONE'))).toBe(true);
    expect(isOnboarded([])).toBe(false);
    expect(isOnboarded(null)).toBe(false);
    expect(isOnboarded(undefined)).toBe(false);
  });

  it.each(
    PG_ONBOARDING_STATUSES.map((s) => [s, s === 'MIN_KYC_APPROVED' || s === 'ACTIVE'] as const),
  )('canAcceptPayments(%s) is %s', (status, ok) => {
    expect(canAcceptPayments(status)).toBe(ok);
  });

  it('gatewayStatus: the cashfree entry, else the first, else NONE; unknown spellings are NONE', () => {
    expect(
      gatewayStatus([{ pg_name: 'other', status: 'ACTIVE' }, ...withStatus('INITIATED')]),
    ).toBe('INITIATED');
    expect(gatewayStatus([{ pg_name: 'other', status: 'ACTIVE' }])).toBe('ACTIVE');
    expect(gatewayStatus([])).toBe('NONE');
    expect(gatewayStatus(undefined)).toBe('NONE');
    expect(gatewayStatus(withStatus('SOMETHING_NEW'))).toBe('NONE');
  });
});

describe('spec §4 payeeOutcome (tutor entered by phone)', () => {
  it.each(['NONE', 'INITIATED', 'EMAIL_VERIFIED', 'MIN_KYC_PENDING', 'MIN_KYC_REJECTED'] as const)(
    '%s: the KYC link is sent to the tutor',
    (status) => {
      expect(payeeOutcome(tutor(status))).toBe('kyc-link-sent');
    },
  );

  it('MIN_KYC_SUBMITTED: KYC done, payments in 2-3 business days', () => {
    expect(payeeOutcome(tutor('MIN_KYC_SUBMITTED'))).toBe('kyc-done');
  });

  it.each(['MIN_KYC_APPROVED', 'ACTIVE'] as const)('%s: go to /pay/review', (status) => {
    expect(payeeOutcome(tutor(status))).toBe('review');
  });

  it('a tutor lacking a name or PAN: /pay/tutor-details', () => {
    expect(payeeOutcome(tutor('ACTIVE', { first_name: '' }))).toBe('tutor-details');
    expect(payeeOutcome(tutor('ACTIVE', { last_name: null }))).toBe('tutor-details');
    expect(payeeOutcome(tutor('ACTIVE', { pan: '  ' }))).toBe('tutor-details');
    expect(payeeOutcome(tutor('ACTIVE', { pan: undefined }))).toBe('tutor-details');
  });

  it('D17: has_pan stands in for the PAN itself', () => {
    expect(payeeOutcome(tutor('ACTIVE', { pan: undefined, has_pan: true }))).toBe('review');
    expect(payeeOutcome(tutor('ACTIVE', { pan: undefined, has_pan: false }))).toBe('tutor-details');
  });

  it('an unknown phone (no user): /pay/tutor-details', () => {
    expect(payeeOutcome(null)).toBe('tutor-details');
    expect(payeeOutcome(undefined)).toBe('tutor-details');
  });

  it("a student's phone: 'This user is registered as a student.'", () => {
    expect(payeeOutcome(tutor('ACTIVE', { role: 'student' }))).toBe('payee-is-student');
    expect(payeeOutcome({ role: 'student' })).toBe('payee-is-student');
  });

  it('a tutor with no gateway entry is treated as NONE', () => {
    expect(payeeOutcome(tutor('ACTIVE', { pg_onboarding_status: [] }))).toBe('kyc-link-sent');
  });
});

describe('spec §4 + D4 tutorOnboardingStep', () => {
  const full = (status: PgOnboardingStatus, extra: Partial<TutorFacts> = {}): TutorFacts => ({
    ...tutor(status),
    hasBankAccount: true,
    ...extra,
  });

  it('no name, or the prefill fails: step 1 (personal details)', () => {
    expect(tutorOnboardingStep(full('ACTIVE', { first_name: null })).step).toBe(1);
    expect(tutorOnboardingStep(full('ACTIVE', { last_name: '' })).step).toBe(1);
    expect(tutorOnboardingStep(full('ACTIVE', { prefillFailed: true })).step).toBe(1);
  });

  it('no PAN: step 1', () => {
    expect(tutorOnboardingStep(full('ACTIVE', { pan: null }))).toEqual({
      step: 1,
      target: '/tutor/personal-details',
      aadhaarRejected: false,
      kycUnderReview: false,
    });
  });

  it('PAN but no bank account: step 2 (account details)', () => {
    expect(tutorOnboardingStep(full('ACTIVE', { hasBankAccount: false })).step).toBe(2);
  });

  it.each(['INITIATED', 'EMAIL_VERIFIED', 'MIN_KYC_PENDING'] as const)(
    '%s: step 3 (Aadhaar)',
    (s) => {
      expect(tutorOnboardingStep(full(s))).toEqual({
        step: 3,
        target: '/tutor/personal-details',
        aadhaarRejected: false,
        kycUnderReview: false,
      });
    },
  );

  it('D4: NONE (and no entry at all) is step 3, not the dashboard loop', () => {
    expect(tutorOnboardingStep(full('NONE')).step).toBe(3);
    expect(tutorOnboardingStep(full('NONE', { pg_onboarding_status: [] })).step).toBe(3);
  });

  it("D4: MIN_KYC_REJECTED is step 3 on the failed panel ('Verify Again')", () => {
    expect(tutorOnboardingStep(full('MIN_KYC_REJECTED'))).toEqual({
      step: 3,
      target: '/tutor/personal-details',
      aadhaarRejected: true,
      kycUnderReview: false,
    });
  });

  it('D4: MIN_KYC_SUBMITTED goes to the dashboard, KYC under review', () => {
    expect(tutorOnboardingStep(full('MIN_KYC_SUBMITTED'))).toEqual({
      step: 0,
      target: '/tutor/dashboard',
      aadhaarRejected: false,
      kycUnderReview: true,
    });
  });

  it.each(['MIN_KYC_APPROVED', 'ACTIVE'] as const)('D4: %s is step 0 (dashboard)', (s) => {
    expect(tutorOnboardingStep(full(s))).toEqual({
      step: 0,
      target: '/tutor/dashboard',
      aadhaarRejected: false,
      kycUnderReview: false,
    });
  });

  it('the spec order holds: missing PAN wins over a missing bank account and the status', () => {
    expect(tutorOnboardingStep(full('NONE', { pan: null, hasBankAccount: false })).step).toBe(1);
    expect(tutorOnboardingStep(full('MIN_KYC_REJECTED', { hasBankAccount: false })).step).toBe(2);
  });

  it('target is the dashboard exactly when the step is 0 (the guard relies on it)', () => {
    for (const status of PG_ONBOARDING_STATUSES) {
      for (const hasBankAccount of [true, false]) {
        for (const pan of ['ABCPV1234F', null]) {
          const r = tutorOnboardingStep(full(status, { hasBankAccount, pan }));
          expect(r.target === '/tutor/dashboard').toBe(r.step === 0);
        }
      }
    }
  });
});
