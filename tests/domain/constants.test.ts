import { describe, it, expect } from 'vitest';
import * as c from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';

describe('spec §9 / D-list constants', () => {
  it('D12 OTP rules, one length constant that the message follows', () => {
    expect(c.OTP_LENGTH).toBe(4);
    expect(messages.validation.otp).toBe('Enter the 4-digit OTP');
    expect(c.OTP_VALIDITY_MS).toBe(10 * 60 * 1000);
    expect(c.OTP_MAX_WRONG_TRIES).toBe(5);
    expect(c.OTP_MAX_WRONG_TRIES_PER_DAY).toBe(10);
    expect(c.OTP_WRONG_TRIES_WINDOW_MS).toBe(24 * 3600 * 1000);
    expect(c.OTP_RESEND_COOLDOWN_SECONDS).toBe(30);
    expect(c.OTP_MAX_CODES_PER_HOUR).toBe(5);
    expect(c.OTP_CODES_WINDOW_MS).toBe(3600 * 1000);
  });

  it('D13 sessions last 12 h; D1/spec §2 countdowns 3 s and 5 s', () => {
    expect(c.SESSION_VALIDITY_MS).toBe(30 * 24 * 3600 * 1000);
    expect(c.SESSION_REFRESH_MS).toBe(3600 * 1000);
    expect(c.PAYMENT_REDIRECT_COUNTDOWN_SECONDS).toBe(3);
    expect(c.AADHAAR_REDIRECT_COUNTDOWN_SECONDS).toBe(5);
  });

  it('D10/D11 money limits are in paise', () => {
    expect(c.AMOUNT_MIN_PAISE).toBe(100);
    expect(c.AMOUNT_MAX_PAISE).toBe(5_000_000);
    expect(c.ACCEPTANCE_LIMIT_PAISE).toBe(5_000_000);
    expect(c.PRICING_RANGE_MAX_PAISE).toBe(500_000);
    // the amount field's digit cap keeps paise safe
    expect(Number.isSafeInteger(Number('9'.repeat(c.AMOUNT_INPUT_MAX_DIGITS)) * 100)).toBe(true);
    expect(10 ** c.AMOUNT_INPUT_MAX_DIGITS).toBeGreaterThan(c.AMOUNT_MAX_PAISE / 100);
  });

  it('D9 fee constants', () => {
    expect(c.DEFAULT_BASE_RATE).toBe(1);
    expect(c.CHARGES_RATE).toBe(19.41);
    expect(c.PG_NAME).toBe('cashfree');
  });

  it('spec §9 order codes; D5 settlement hour', () => {
    // The codes' values are the contract's (contract.test.ts); which is which is ours.
    expect(c.PAYMENT_METHODS).toEqual([c.PAYMENT_METHOD.card, c.PAYMENT_METHOD.upi]);
    expect(c.SETTLEMENT_HOUR_IST).toBe(17);
  });

  it('refund window 24 h; D19 link expiry 30 days; D20 subject', () => {
    expect(c.REFUND_WINDOW_MS).toBe(24 * 3600 * 1000);
    expect(c.PAYMENT_LINK_DEFAULT_EXPIRY_MS).toBe(30 * 24 * 3600 * 1000);
    expect(c.BOOKED_SESSION_SUBJECT).toBe('Maths session');
  });

  // Field lengths and patterns are the contract's: tests/domain/contract.test.ts.
  it('spec §5 date picker range', () => {
    expect([c.DATE_PICKER_MIN, c.DATE_PICKER_MAX]).toEqual(['1900-01-01', '2099-12-31']);
  });

  it('spec §9 breakpoints', () => {
    expect(c.BREAKPOINT_DESKTOP_PX).toBe(850);
    expect(c.BREAKPOINT_PROFILE_DRAWER_PX).toBe(600);
  });

  it('spec §1 / D22 the four analytics event names', () => {
    expect(Object.values(c.ANALYTICS_EVENTS)).toEqual([
      'Clicked to open onboarding',
      'Logged In',
      'Clicked Proceed',
      'Entered Amount To Pay',
    ]);
  });
});
