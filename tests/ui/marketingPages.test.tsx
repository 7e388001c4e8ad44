// The marketing pages of D23: static, sharing the public header and footer, with honest copy
// (no invented tutors, people or testimonials).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetPublicProfiles } from '../../src/api/actors/public';
import { messages } from '../../src/domain/messages';
import { usernameFromInput } from '../../src/ui/routes/marketing/MarketingPages';
import { renderRoute } from '../support/renderRoute';
import { serveProfiles, tutor } from './publicFakes';
import { marketingTexts } from '../../src/domain/publicPageTexts';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetPublicProfiles();
});

const pages: [url: string, heading: string, text: RegExp][] = [
  ['/tutors', 'Our Tutors', /public profile/],
  ['/why-choose-us', 'Why Choose Us', /1% platform fee/],
  ['/testimonials', 'Testimonials', /no testimonials yet/],
  ['/contact', 'Contact', /support@tuitionpay\.in/],
];

describe('marketing pages', () => {
  it.each(pages)('%s renders "%s" inside the public frame', async (url, heading, text) => {
    const { router } = renderRoute(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent(text);
    expect(router.location.pathname).toBe(url);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: heading })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    // No tutor here, so no tutor policy links.
    expect(screen.queryByRole('navigation', { name: 'Policies' })).not.toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('TuitionPay');
  });

  it('/why-choose-us states the product facts: card 1%, UPI free, KYC-verified tutors, settlement next working day 5 pm IST', async () => {
    renderRoute('/why-choose-us');
    const main = await screen.findByRole('main');
    await screen.findByRole('heading', { level: 1, name: 'Why Choose Us' });
    expect(within(main).getByRole('heading', { name: 'Card payments at 1%' })).toBeInTheDocument();
    expect(within(main).getByRole('heading', { name: 'UPI is free' })).toBeInTheDocument();
    expect(within(main).getByRole('heading', { name: 'KYC-verified tutors' })).toBeInTheDocument();
    expect(main).toHaveTextContent('on the next working day at 5:00 pm IST');
  });

  it('/testimonials invents no one: no quotes, just what to expect', async () => {
    renderRoute('/testimonials');
    await screen.findByRole('heading', { level: 1, name: 'Testimonials' });
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('We have no testimonials yet.');
    expect(within(main).queryByRole('blockquote')).not.toBeInTheDocument();
    expect(within(main).getAllByRole('listitem')).toHaveLength(
      marketingTexts.testimonials.expect.length,
    );
  });

  it('/contact links the support address', async () => {
    renderRoute('/contact');
    expect(await screen.findByRole('link', { name: 'support@tuitionpay.in' })).toHaveAttribute(
      'href',
      'mailto:support@tuitionpay.in',
    );
  });
});

describe('/tutors: open a profile by username', () => {
  it('typing a username opens that profile (lower-cased, D30)', async () => {
    serveProfiles({ 'asha-verma': tutor() });
    const { router } = renderRoute('/tutors');
    await userEvent.type(await screen.findByLabelText(/Tutor username/), ' Asha-Verma ');
    await userEvent.click(screen.getByRole('button', { name: 'Open profile' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Asha Verma' }),
    ).toBeInTheDocument();
    expect(router.location.pathname).toBe('/asha-verma');
  });

  it('Enter submits too', async () => {
    serveProfiles({ 'asha-verma': tutor() });
    const { router } = renderRoute('/tutors');
    await userEvent.type(await screen.findByLabelText(/Tutor username/), 'asha-verma{Enter}');
    await waitFor(() => expect(router.location.pathname).toBe('/asha-verma'));
  });

  it('a username no tutor can have shows why, and stays', async () => {
    const { router } = renderRoute('/tutors');
    const field = await screen.findByLabelText(/Tutor username/);
    await userEvent.type(field, 'asha_verma');
    await userEvent.click(screen.getByRole('button', { name: 'Open profile' }));
    expect(await screen.findByText(messages.validation.username)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(router.location.pathname).toBe('/tutors');

    await userEvent.clear(field);
    await userEvent.type(field, 'contact');
    await userEvent.click(screen.getByRole('button', { name: 'Open profile' }));
    expect(await screen.findByText(marketingTexts.tutors.notATutor)).toBeInTheDocument();
    expect(router.location.pathname).toBe('/tutors');
  });

  it.each([
    ['asha-verma', 'asha-verma'],
    ['  ASHA-VERMA ', 'asha-verma'],
    ['https://tuitionpay.in/asha-verma', 'asha-verma'],
    ['tuitionpay.in/asha-verma/', 'asha-verma'],
    ['https://tuitionpay.in/asha-verma/pricing', 'asha-verma'],
    ['https://tuitionpay.in/static-link/asha-verma?book=1', 'asha-verma'],
    ['https://tuitionpay.in/asha-verma#top', 'asha-verma'],
  ])('reads %j as %s', (text, username) => {
    expect(usernameFromInput(text)).toEqual({ username });
  });

  it.each([[''], ['   '], ['asha verma'], ['asha_verma'], ['-asha'], ['pricing'], ['tutors']])(
    'refuses %j',
    (text) => {
      expect(usernameFromInput(text)).toHaveProperty('error');
    },
  );
});
