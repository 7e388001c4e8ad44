import { describe, it, expect } from 'vitest';
import { acceptanceVerdict } from '../../src/domain/acceptanceLimit';
import { textAfterLastColon } from '../../src/domain/errorText';

const LIMIT = 5_000_000; // ₹50,000

describe('D10 acceptance limit', () => {
  it('MIN_KYC_APPROVED: up to ₹50,000 in total is fine', () => {
    expect(acceptanceVerdict('MIN_KYC_APPROVED', 0, LIMIT)).toEqual({ ok: true });
    expect(acceptanceVerdict('MIN_KYC_APPROVED', LIMIT - 100, 100)).toEqual({ ok: true });
  });

  it('MIN_KYC_APPROVED: one rupee over is refused with the remaining amount', () => {
    expect(acceptanceVerdict('MIN_KYC_APPROVED', 3_800_000, 1_200_100)).toEqual({
      ok: false,
      reason: 'over-limit',
      remaining: 1_200_000,
      said: {
        message: 'This tutor can accept only ₹12,000.00 more until their KYC is complete.',
        code: 'payment.acceptanceLimitRemaining',
      },
    });
  });

  it('MIN_KYC_APPROVED at the limit: nothing more', () => {
    const v = acceptanceVerdict('MIN_KYC_APPROVED', LIMIT, 100);
    expect(v).toMatchObject({ ok: false, reason: 'over-limit', remaining: 0 });
    expect(v.ok ? '' : v.said.message).toBe(
      'This tutor has reached the ₹50,000 limit they can accept until their KYC is complete.',
    );
    expect(acceptanceVerdict('MIN_KYC_APPROVED', LIMIT + 500, 100)).toMatchObject({ remaining: 0 });
  });

  it('ACTIVE: no cap', () => {
    expect(acceptanceVerdict('ACTIVE', 100 * LIMIT, LIMIT)).toEqual({ ok: true });
  });

  it.each([
    'NONE',
    'INITIATED',
    'EMAIL_VERIFIED',
    'MIN_KYC_PENDING',
    'MIN_KYC_REJECTED',
    'MIN_KYC_SUBMITTED',
  ] as const)('%s: cannot accept payments at all', (status) => {
    expect(acceptanceVerdict(status, 0, 100)).toMatchObject({
      ok: false,
      reason: 'not-onboarded',
      said: {
        message: 'This tutor cannot accept payments yet.',
        code: 'payment.tutorCannotAccept',
      },
    });
  });

  it('the message survives the UI rule of spec §8 (text after the last ": ")', () => {
    const v = acceptanceVerdict('MIN_KYC_APPROVED', 3_800_000, 2_000_000);
    const message = v.ok ? '' : v.said.message;
    expect(textAfterLastColon(`Order refused: ${message}`)).toBe(message);
    expect(message).not.toContain(': ');
  });

  it('throws for non-paise amounts', () => {
    expect(() => acceptanceVerdict('ACTIVE', 0.5, 100)).toThrow(RangeError);
  });
});
