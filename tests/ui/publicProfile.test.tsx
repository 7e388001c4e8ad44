// /{tutorUserName}: the public profile (spec §2, D8, D17, D20, D30) and the public header.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { forgetPublicProfiles } from '../../src/api/actors/public';
import { BREAKPOINT_PROFILE_DRAWER_PX } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import { DRAWER_MEDIA_QUERY } from '../../src/ui/components/PublicHeader';
import { renderRoute } from '../support/renderRoute';
import { json, serveProfiles, tutor } from './publicFakes';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  forgetPublicProfiles();
});

/** A viewport whose width can cross the drawer breakpoint during a test. */
function viewport(narrow: boolean) {
  const listeners = new Set<(event: { matches: boolean; media: string }) => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === DRAWER_MEDIA_QUERY && narrow;
        },
        media: query,
        onchange: null,
        addEventListener: (_: string, listener: (e: { matches: boolean; media: string }) => void) =>
          listeners.add(listener),
        removeEventListener: (
          _: string,
          listener: (e: { matches: boolean; media: string }) => void,
        ) => listeners.delete(listener),
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
  return {
    resize(toNarrow: boolean) {
      narrow = toNarrow;
      act(() => {
        for (const listener of listeners) listener({ matches: narrow, media: DRAWER_MEDIA_QUERY });
      });
    },
  };
}

const profileHeading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('public profile', () => {
  it("shows the tutor's name, phone, description, subjects and when the profile was verified", async () => {
    serveProfiles({ 'asha-verma': tutor() });
    renderRoute('/asha-verma');
    expect(await profileHeading('Asha Verma')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '9123456780' })).toHaveAttribute(
      'href',
      'tel:+919123456780',
    );
    expect(screen.getByText('Asha Verma is a verified teacher')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Subjects taught' })).toBeInTheDocument();
    expect(screen.getByText('Mathematics, Physics')).toBeInTheDocument();
    expect(screen.getByText('Profile last verified: a week ago')).toBeInTheDocument();
  });

  it('D8: no subjects shows a dash; no KYC date hides the line and the "verified" claim', async () => {
    serveProfiles({
      'ravi-k': tutor({
        username: 'ravi-k',
        first_name: 'Ravi',
        last_name: 'K',
        subjects: [],
        kyc_approved_at: null,
      }),
    });
    renderRoute('/ravi-k');
    await profileHeading('Ravi K');
    const subjects = screen.getByRole('heading', { name: 'Subjects taught' });
    expect(subjects.nextElementSibling).toHaveTextContent(/^-$/);
    expect(screen.queryByText(/Profile last verified/)).not.toBeInTheDocument();
    expect(screen.queryByText(/is a verified teacher/)).not.toBeInTheDocument();
    // The buttons are still there: paying a tutor is the static link's business.
    expect(screen.getByRole('link', { name: 'Pay tuition fees' })).toBeInTheDocument();
  });

  it("'Book a session' opens the static link with ?book=1 (D20); 'Pay tuition fees' without", async () => {
    serveProfiles({ 'asha-verma': tutor() });
    renderRoute('/asha-verma');
    await profileHeading('Asha Verma');
    expect(screen.getByRole('link', { name: 'Book a session' })).toHaveAttribute(
      'href',
      '/static-link/asha-verma?book=1',
    );
    expect(screen.getByRole('link', { name: 'Pay tuition fees' })).toHaveAttribute(
      'href',
      '/static-link/asha-verma',
    );
  });

  it("'Book a session' takes the student to the static link", async () => {
    serveProfiles({ 'asha-verma': tutor() });
    const { router } = renderRoute('/asha-verma');
    await profileHeading('Asha Verma');
    await userEvent.click(screen.getByRole('link', { name: 'Book a session' }));
    await waitFor(() => expect(router.location.pathname).toBe('/static-link/asha-verma'));
    expect(router.location.search).toBe('?book=1');
  });

  it("the footer links to the tutor's five policy pages, in the spec's order", async () => {
    serveProfiles({ 'asha-verma': tutor() });
    renderRoute('/asha-verma');
    await profileHeading('Asha Verma');
    const footer = screen.getByRole('navigation', { name: 'Policies' });
    const links = within(footer).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Privacy Policy', '/asha-verma/privacy-policy'],
      ['Terms of Use', '/asha-verma/terms-of-use'],
      ['Refund Policy', '/asha-verma/refund-policy'],
      ['Pricing', '/asha-verma/pricing'],
      ['Contact Policy', '/asha-verma/contact-policy'],
    ]);
  });

  it('an unknown username (404) replaces the page with /page-not-found', async () => {
    const api = serveProfiles({});
    const { router } = renderRoute('/nobody-here');
    expect(
      await screen.findByRole('heading', { name: messages.notFound.title }),
    ).toBeInTheDocument();
    expect(router.location.pathname).toBe('/page-not-found');
    expect(router.navigationType).toBe('REPLACE');
    expect(api.usernames()).toEqual(['nobody-here']);
  });

  it('D30: the username from the URL is lower-cased before the lookup', async () => {
    const api = serveProfiles({ 'asha-verma': tutor() });
    renderRoute('/Asha-VERMA');
    await profileHeading('Asha Verma');
    expect(api.usernames()).toEqual(['asha-verma']);
    // Links use the tutor's own username.
    expect(screen.getByRole('link', { name: 'Pay tuition fees' })).toHaveAttribute(
      'href',
      '/static-link/asha-verma',
    );
  });

  it('a username no tutor can have goes to /page-not-found without asking the server', async () => {
    const api = serveProfiles({});
    const { router } = renderRoute('/asha_verma');
    await screen.findByRole('heading', { name: messages.notFound.title });
    expect(router.location.pathname).toBe('/page-not-found');
    expect(api.requests).toHaveLength(0);
  });

  it('a network failure shows a retry, not the 404 page; the retry loads the profile', async () => {
    let online = false;
    serveProfiles({
      'asha-verma': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return json(200, tutor());
      },
    });
    const { router } = renderRoute('/asha-verma');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.generic.network);
    expect(screen.getByRole('heading', { level: 1, name: 'Tutor profile' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/asha-verma');

    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await profileHeading('Asha Verma')).toBeInTheDocument();
    expect(router.location.pathname).toBe('/asha-verma');
  });

  it('a server error (500) is also a retry, with the generic message', async () => {
    serveProfiles({ 'asha-verma': () => json(500, { message: 'boom' }) });
    const { router } = renderRoute('/asha-verma');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.generic.somethingWrong);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/asha-verma');
  });

  it('shows a loading state with the page heading while the lookup is on its way', async () => {
    serveProfiles({ 'asha-verma': () => new Promise<Response>(() => {}) });
    renderRoute('/asha-verma');
    expect(await profileHeading('Tutor profile')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(messages.publicPages.loading);
  });

  it('D17: the public lookup never carries the login token', async () => {
    localStorage.setItem('access-token', 'tok_student');
    const api = serveProfiles({ 'asha-verma': tutor() });
    renderRoute('/asha-verma');
    await profileHeading('Asha Verma');
    expect(api.requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('another username in the URL starts a new lookup', async () => {
    serveProfiles({
      'asha-verma': tutor(),
      'ravi-k': tutor({ username: 'ravi-k', first_name: 'Ravi', last_name: 'K' }),
    });
    const { router } = renderRoute('/asha-verma');
    await profileHeading('Asha Verma');
    await act(() => router.navigate('/ravi-k'));
    expect(await profileHeading('Ravi K')).toBeInTheDocument();
  });

  it('the profile and its policy pages share one lookup on a slow network', async () => {
    const api = serveProfiles({ 'asha-verma': tutor() });
    renderRoute('/asha-verma');
    await profileHeading('Asha Verma');
    await userEvent.click(screen.getByRole('link', { name: 'Pricing' }));
    expect(await screen.findByText('Merchant: Asha Verma')).toBeInTheDocument();
    expect(api.requests).toHaveLength(1);
  });
});

describe('public header', () => {
  it("has the spec's five links: Home, Our Tutors, Why Choose Us, Testimonials, Contact", async () => {
    serveProfiles({ 'asha-verma': tutor() });
    renderRoute('/asha-verma');
    await profileHeading('Asha Verma');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Our Tutors', '/tutors'],
      ['Why Choose Us', '/why-choose-us'],
      ['Testimonials', '/testimonials'],
      ['Contact', '/contact'],
    ]);
  });

  it('the burger opens a side drawer with the same links; a link closes it and navigates', async () => {
    serveProfiles({ 'asha-verma': tutor() });
    const { router } = renderRoute('/asha-verma');
    await profileHeading('Asha Verma');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const burger = screen.getByRole('button', { name: 'Open menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(burger);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/', '/tutors', '/why-choose-us', '/testimonials', '/contact']);

    await userEvent.click(within(drawer).getByRole('link', { name: 'Why Choose Us' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Why Choose Us' }),
    ).toBeInTheDocument();
    expect(router.location.pathname).toBe('/why-choose-us');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('the drawer closes with its close button', async () => {
    serveProfiles({ 'asha-verma': tutor() });
    renderRoute('/asha-verma');
    await profileHeading('Asha Verma');
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    // Named, so a screen reader can say what it does (issue 13).
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a phone turned to a width above the breakpoint closes the drawer', async () => {
    const screenSize = viewport(true);
    serveProfiles({ 'asha-verma': tutor() });
    renderRoute('/asha-verma');
    await profileHeading('Asha Verma');
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await screen.findByRole('dialog', { name: 'Menu' });
    screenSize.resize(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('the drawer-or-links switch is a CSS media query at BREAKPOINT_PROFILE_DRAWER_PX (first paint)', () => {
    expect(BREAKPOINT_PROFILE_DRAWER_PX).toBe(600);
    const css = readFileSync(
      join(import.meta.dirname, '../../src/ui/components/PublicLayout.module.css'),
      'utf8',
    );
    expect(css).toContain(`@media (max-width: ${BREAKPOINT_PROFILE_DRAWER_PX}px)`);
  });
});
