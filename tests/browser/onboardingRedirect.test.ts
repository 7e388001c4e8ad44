// D15: the Aadhaar onboarding link is followed only on the configured gateway origin (the
// server names it at run time, D120): HTTPS, or plain HTTP on this machine (the local sandbox).
import { describe, expect, it } from 'vitest';
import { isAllowedOnboardingLink } from '../../src/browser/onboardingRedirect';

const GATEWAY = 'https://merchant.cashfree.com';
const SANDBOX = 'http://127.0.0.1:3100';

describe('isAllowedOnboardingLink', () => {
  it("allows the local sandbox server's KYC page when it is the configured origin", () => {
    expect(isAllowedOnboardingLink(`${SANDBOX}/sandbox/cashfree/kyc/ab12`, SANDBOX)).toBe(true);
  });

  it('refuses another origin, and any link when no origin is configured', () => {
    expect(isAllowedOnboardingLink('http://127.0.0.1:3000/tutor/dashboard', SANDBOX)).toBe(false);
    expect(
      isAllowedOnboardingLink('http://127.0.0.1:3001/sandbox/cashfree/kyc/ab12', SANDBOX),
    ).toBe(false);
    expect(isAllowedOnboardingLink(`${SANDBOX}/sandbox/cashfree/kyc/ab12`, '')).toBe(false);
  });

  it('allows the configured HTTPS gateway origin only', () => {
    expect(isAllowedOnboardingLink(`${GATEWAY}/onboarding/7b1c`, GATEWAY)).toBe(true);
    expect(isAllowedOnboardingLink('https://merchant.cashfree.com.evil.example/x', GATEWAY)).toBe(
      false,
    );
    // A plain-http origin off this machine is not a gateway origin.
    expect(isAllowedOnboardingLink('http://gateway.example/x', 'http://gateway.example')).toBe(
      false,
    );
    expect(isAllowedOnboardingLink('http://merchant.cashfree.com/onboarding/7b1c', GATEWAY)).toBe(
      false,
    );
  });

  it('refuses what is not an absolute http(s) URL', () => {
    expect(isAllowedOnboardingLink('javascript:alert(1)', GATEWAY)).toBe(false);
    expect(isAllowedOnboardingLink('/sandbox/cashfree/kyc/ab12', SANDBOX)).toBe(false);
    expect(isAllowedOnboardingLink('', GATEWAY)).toBe(false);
  });
});
