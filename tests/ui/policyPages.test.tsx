// A tutor's five policy pages (spec §2): merchant name, support address derived from the
// username, and legal text carrying the spec's facts. The facts are written here from the spec,
// not read from messages.ts, so a wrong text fails.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetPublicProfiles } from '../../src/api/actors/public';
import { PRICING_EFFECTIVE_DATE, PRICING_RANGE_MAX_PAISE } from '../../src/domain/constants';
import { messages, PRODUCT_NAME } from '../../src/domain/messages';
import { renderRoute } from '../support/renderRoute';
import { serveProfiles, tutor } from './publicFakes';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetPublicProfiles();
});

const SUPPORT = 'support+asha-verma@tuitionpay.in';

/** Renders /asha-verma/{slug} and waits for the legal text. */
async function open(slug: string, title: string) {
  const api = serveProfiles({ 'asha-verma': tutor() });
  const view = renderRoute(`/asha-verma/${slug}`);
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(await screen.findByText('Merchant: Asha Verma')).toBeInTheDocument();
  return { ...view, api, main: screen.getByRole('main') };
}

/** The page's text, whitespace collapsed. */
const textOf = (element: HTMLElement) => (element.textContent ?? '').replace(/\s+/g, ' ');

const pages: [slug: string, title: string][] = [
  ['terms-of-use', 'Terms of Use'],
  ['refund-policy', 'Refund Policy'],
  ['contact-policy', 'Contact Policy'],
  ['pricing', 'Pricing'],
  ['privacy-policy', 'Privacy Policy'],
];

describe('policy pages', () => {
  it.each(pages)(
    '/asha-verma/%s shows "%s", the merchant and the support address',
    async (slug, title) => {
      const { main } = await open(slug, title);
      expect(within(main).getByRole('link', { name: SUPPORT })).toHaveAttribute(
        'href',
        `mailto:${SUPPORT}`,
      );
      // The same public frame as the profile: header links and the tutor's policy links.
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
      const policies = screen.getByRole('navigation', { name: 'Policies' });
      expect(within(policies).getByRole('link', { name: title })).toHaveAttribute(
        'href',
        `/asha-verma/${slug}`,
      );
    },
  );

  it('Terms: refunds within 24 hours of payment, none after settlement, law of India, courts of Delhi', async () => {
    const { main } = await open('terms-of-use', 'Terms of Use');
    const text = textOf(main);
    expect(text).toContain('Refund requests must be made within 24 hours of payment.');
    expect(text).toMatch(/no refunds after settlement/i);
    expect(text).toContain('governed by the laws of India');
    expect(text).toContain('The courts of Delhi have exclusive jurisdiction');
    expect(text).toContain(`through ${PRODUCT_NAME}`);
  });

  it('Pricing: effective 10 November 2024; 0 to 5,000 INR for standalone classes and courses; full payment first', async () => {
    const { main } = await open('pricing', 'Pricing');
    const text = textOf(main);
    expect(text).toContain('10 November 2024');
    expect(text).toContain('Asha Verma charges from 0 to 5,000 INR');
    expect(text).toContain('for both standalone classes and courses');
    expect(text).toContain('Full payment is required before classes start.');
  });

  it("Pricing's text agrees with the constants of spec §9", () => {
    expect(PRICING_EFFECTIVE_DATE).toBe('2024-11-10');
    expect(PRICING_RANGE_MAX_PAISE).toBe(5_000 * 100);
  });

  it('Privacy: PAN, last 4 card digits, UPI ID and name, class details, merchant phone number', async () => {
    const { main } = await open('privacy-policy', 'Privacy Policy');
    const collected = within(main)
      .getByRole('heading', { name: 'What we collect' })
      .closest('section')!;
    const items = within(collected)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    expect(items).toHaveLength(5);
    expect(items[0]).toMatch(/\bPAN\b/);
    expect(items[1]).toContain('last 4 digits of the credit card');
    expect(items[2]).toContain('UPI ID and name');
    expect(items[3]).toMatch(/class details/i);
    expect(items[4]).toContain('merchant phone number');
    expect(textOf(main)).toContain(`what ${PRODUCT_NAME} collects when you pay Asha Verma`);
  });

  it('Refund policy agrees with the Terms: 24 hours, none after settlement', async () => {
    const { main } = await open('refund-policy', 'Refund Policy');
    const text = textOf(main);
    expect(text).toContain('Refund requests must be made within 24 hours of payment.');
    expect(text).toContain('There are no refunds after settlement.');
    expect(text).toContain(`Write to ${SUPPORT}`);
  });

  it("Contact policy: the support address and the tutor's phone", async () => {
    const { main } = await open('contact-policy', 'Contact Policy');
    const items = within(main)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([`Email: ${SUPPORT}`, 'Phone: 9123456780']);
  });

  it('the support address follows the username: support+{username}@tuitionpay.in', async () => {
    serveProfiles({
      'ravi-k-2': tutor({ username: 'ravi-k-2', first_name: 'Ravi', last_name: 'K' }),
    });
    renderRoute('/RAVI-K-2/contact-policy');
    expect(await screen.findByText('Merchant: Ravi K')).toBeInTheDocument();
    expect(screen.getAllByText(/support\+ravi-k-2@tuitionpay\.in/).length).toBeGreaterThan(0);
  });

  it('an unknown tutor replaces the policy page with /page-not-found', async () => {
    serveProfiles({});
    const { router } = renderRoute('/nobody-here/terms-of-use');
    expect(
      await screen.findByRole('heading', { name: messages.notFound.title }),
    ).toBeInTheDocument();
    expect(router.location.pathname).toBe('/page-not-found');
    expect(router.navigationType).toBe('REPLACE');
  });

  it('a network failure shows the page title and a retry, not the 404 page', async () => {
    serveProfiles({ 'asha-verma': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { router } = renderRoute('/asha-verma/pricing');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.generic.network);
    expect(screen.getByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/asha-verma/pricing');
  });

  it('a timeout says so', async () => {
    serveProfiles({
      'asha-verma': () => Promise.reject(new DOMException('slow', 'TimeoutError')),
    });
    renderRoute('/asha-verma/refund-policy');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.generic.timeout);
  });

  it('the policy text never shows before the merchant is known', async () => {
    serveProfiles({ 'asha-verma': () => new Promise<Response>(() => {}) });
    renderRoute('/asha-verma/terms-of-use');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Use' });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByText(/24 hours/)).not.toBeInTheDocument();
  });
});
