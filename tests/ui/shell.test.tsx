// The shell around the screens: the boot fallback, the error shown when a screen's chunk
// fails to load, and the scroll position on navigation.
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, PRODUCT_NAME } from '../../src/domain/messages';
import { renderRoute } from '../support/renderRoute';

// A chunk that fails to load, as on a dropped connection.
vi.mock('../../src/ui/routes/static-link/StaticLinkPage', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('app shell', () => {
  // First in the file: later tests find the screen chunks already loaded.
  it('shows the boot fallback until the first screen loads', async () => {
    renderRoute('/student/login');
    expect(screen.getByRole('status')).toHaveTextContent(PRODUCT_NAME);
    expect(await screen.findByRole('heading', { name: 'Student login' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('a screen whose chunk fails shows the generic error with a full-page link home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute('/static-link/asha');
    expect(await screen.findByText(messages.generic.somethingWrong)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.notFound.home })).toHaveAttribute('href', '/');
  });

  it('the error clears when the location changes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderRoute('/static-link/asha');
    await screen.findByText(messages.generic.somethingWrong);
    await act(() => router.navigate('/tutors'));
    expect(await screen.findByRole('heading', { name: 'Our Tutors' })).toBeInTheDocument();
    expect(screen.queryByText(messages.generic.somethingWrong)).not.toBeInTheDocument();
  });

  it('a new screen starts at the top; back is left to the browser', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { router } = renderRoute('/tutors');
    await screen.findByRole('heading', { name: 'Our Tutors' });
    expect(scrollTo).not.toHaveBeenCalled();

    await act(() => router.navigate('/contact'));
    await screen.findByRole('heading', { name: 'Contact' });
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 0);

    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { name: 'Our Tutors' });
    expect(scrollTo).toHaveBeenCalledOnce();
  });
});
