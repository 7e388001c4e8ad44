// The product's own Terms of Use and Privacy Policy at /terms-of-use and /privacy-policy, which
// the student login's consent line links to. Both words are reserved usernames (D18), so the
// pages must win over /:username and never end on the 404 page. The facts are written here
// from the spec (§2 "Public pages", D16), not read from publicPageTexts.ts, so a wrong text fails.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages, PRODUCT_NAME } from '../../src/domain/messages';
import { renderRoute } from '../support/renderRoute';
import { resetServer } from './authFakes';

vi.mock('../../src/api/actors/auth', () => import('./authFakes'));

const SUPPORT = 'support@tuitionpay.in';

let fetchSpy: ReturnType<typeof vi.fn>;
beforeEach(() => {
  resetServer();
  // No tutor is looked up: any request is a failure of the test.
  fetchSpy = vi.fn(() => Promise.reject(new Error('no request expected')));
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The page's text, whitespace collapsed. */
const textOf = (element: HTMLElement) => (element.textContent ?? '').replace(/\s+/g, ' ');

/** Renders `url` and waits for its policy heading. */
async function open(url: string, title: string) {
  const view = renderRoute(url);
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  const main = screen.getByRole('main');
  return { ...view, main, text: textOf(main) };
}

const pages: [url: string, title: string][] = [
  ['/terms-of-use', 'Terms of Use'],
  ['/privacy-policy', 'Privacy Policy'],
];

describe("the product's policy pages", () => {
  it.each(pages)(
    '%s shows "%s" in the public frame, with the product support address, never the 404',
    async (url, title) => {
      const { main, router } = await open(url, title);
      expect(router.location.pathname).toBe(url);
      expect(screen.queryByText(messages.notFound.title)).not.toBeInTheDocument();
      expect(screen.queryByText(messages.notFound.body)).not.toBeInTheDocument();
      expect(within(main).getByRole('link', { name: SUPPORT })).toHaveAttribute(
        'href',
        `mailto:${SUPPORT}`,
      );
      // No merchant: the product is not a tutor, and no tutor profile is looked up.
      expect(within(main).queryByText(/^Merchant:/)).not.toBeInTheDocument();
      expect(fetchSpy).not.toHaveBeenCalled();
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Policies' })).not.toBeInTheDocument();
      expect(screen.getByRole('contentinfo')).toHaveTextContent(PRODUCT_NAME);
    },
  );

  it('Terms: the platform between students and tutors; refunds within 24 hours, none after settlement; India, courts of Delhi', async () => {
    const { text } = await open('/terms-of-use', 'Terms of Use');
    expect(text).toContain(`${PRODUCT_NAME} is the payment platform between students and tutors`);
    expect(text).toContain('Each tutor is the merchant of their own classes');
    expect(text).toMatch(/their own Terms of Use, Refund Policy, Pricing, Privacy Policy/);
    expect(text).toContain('Refund requests must be made within 24 hours of payment.');
    expect(text).toMatch(/no refunds after settlement/i);
    expect(text).toContain('governed by the laws of India');
    expect(text).toContain('The courts of Delhi have exclusive jurisdiction');
    expect(text).toContain(`Questions about these terms: ${SUPPORT}.`);
  });

  it('Privacy: phone, name and PAN, last 4 card digits, UPI ID and name, class details, tutors’ phone and bank details', async () => {
    const { main, text } = await open('/privacy-policy', 'Privacy Policy');
    const collected = within(main)
      .getByRole('heading', { name: /What we collect/ })
      .closest('section')!;
    const items = within(collected)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    expect(items.some((item) => /phone number, to log you in/.test(item))).toBe(true);
    expect(items.some((item) => /\bname and PAN\b/.test(item))).toBe(true);
    expect(items.some((item) => item.includes('last 4 digits of the credit card'))).toBe(true);
    expect(items.some((item) => item.includes('UPI ID and name'))).toBe(true);
    expect(items.some((item) => /class details/i.test(item))).toBe(true);
    expect(items.some((item) => /merchant phone number.*bank account details/.test(item))).toBe(
      true,
    );
    // D16: Aadhaar numbers never reach the product; OTPs and PANs are never logged.
    expect(text).toContain('Aadhaar numbers never reach us');
    expect(text).toContain('One-time codes and PANs are never written to our logs.');
    expect(text).toContain(`write to ${SUPPORT}`);
  });
});

describe('the student login’s consent links', () => {
  it.each(pages)('lead to %s, which shows "%s"', async (url, title) => {
    const { unmount } = renderRoute('/student/login');
    const link = await screen.findByRole('link', { name: title });
    expect(link).toHaveAttribute('href', url);
    const href = link.getAttribute('href')!;
    unmount();
    await open(href, title);
  });
});
