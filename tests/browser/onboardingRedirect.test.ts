// D15: the Aadhaar onboarding link is followed only on the configured gateway origin.
import { describe, expect, it } from 'vitest';
import { isAllowedOnboardingLink } from '../../src/browser/onboardingRedirect';

const PAGE = 'http://127.0.0.1:3000/tutor/personal-details';
const GATEWAY = 'https://merchant.cashfree.com';

describe('isAllowedOnboardingLink', () => {
  it("allows the local sandbox's KYC page on this page's origin", () => {
    expect(
      isAllowedOnboardingLink('http://127.0.0.1:3000/sandbox/cashfree/onboarding/ab12', PAGE),
    ).toBe(true);
  });

  it('refuses other paths of this origin, and the sandbox path on another origin', () => {
    expect(isAllowedOnboardingLink('http://127.0.0.1:3000/tutor/dashboard', PAGE)).toBe(false);
    expect(
      isAllowedOnboardingLink('http://127.0.0.1:3001/sandbox/cashfree/onboarding/ab12', PAGE),
    ).toBe(false);
    expect(
      isAllowedOnboardingLink('https://evil.example/sandbox/cashfree/onboarding/ab12', PAGE),
    ).toBe(false);
  });

  it('allows the configured HTTPS gateway origin only', () => {
    expect(isAllowedOnboardingLink(`${GATEWAY}/onboarding/7b1c`, PAGE, GATEWAY)).toBe(true);
    expect(isAllowedOnboardingLink(`${GATEWAY}/onboarding/7b1c`, PAGE)).toBe(false);
    expect(
      isAllowedOnboardingLink('https://merchant.cashfree.com.evil.example/x', PAGE, GATEWAY),
    ).toBe(false);
    // A plain-http gateway origin is not a gateway origin.
    expect(
      isAllowedOnboardingLink('http://gateway.example/x', PAGE, 'http://gateway.example'),
    ).toBe(false);
    expect(
      isAllowedOnboardingLink('http://merchant.cashfree.com/onboarding/7b1c', PAGE, GATEWAY),
    ).toBe(false);
  });

  it('refuses what is not an http(s) URL', () => {
    expect(isAllowedOnboardingLink('javascript:alert(1)', PAGE, GATEWAY)).toBe(false);
    expect(isAllowedOnboardingLink('/sandbox/cashfree/onboarding/ab12', PAGE)).toBe(false);
    expect(isAllowedOnboardingLink('', PAGE, GATEWAY)).toBe(false);
  });
});
