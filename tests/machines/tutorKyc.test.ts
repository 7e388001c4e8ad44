// D65: what the static link tells payers of a tutor who cannot accept payments yet.
import { describe, expect, it } from 'vitest';
import { tutorKyc, type TutorLookup } from '../../machines/amountEntry/amountEntry.machine';

const tutor = (...statuses: string[]): TutorLookup => ({
  id: 7,
  name: 'Asha Verma',
  username: 'asha-verma',
  phone: '9123456780',
  onboarding: statuses.map((status) => ({ pg_name: 'cashfree', status })),
});

describe('tutorKyc', () => {
  it('KYC pending or rejected: the KYC link was sent; submitted: KYC done', () => {
    expect(tutorKyc(tutor('MIN_KYC_PENDING'))).toBe('kyc-link-sent');
    expect(tutorKyc(tutor('MIN_KYC_REJECTED'))).toBe('kyc-link-sent');
    expect(tutorKyc(tutor('MIN_KYC_SUBMITTED'))).toBe('kyc-done');
  });

  it('nothing to tell of a payable tutor or one with no gateway entry', () => {
    expect(tutorKyc(tutor('MIN_KYC_APPROVED'))).toBeNull();
    expect(tutorKyc(tutor('ACTIVE'))).toBeNull();
    expect(tutorKyc(tutor())).toBeNull();
  });
});
