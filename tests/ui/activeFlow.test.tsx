// The active flow is recorded from the URL at the app root (spec §4, D15), as a later screen
// reads it: through src/browser/storage. The tracker loads just after the first paint, so
// the record lands shortly after the screen shows.
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../src/browser/storage';
import { renderRoute } from '../support/renderRoute';
import { messages } from '../../src/domain/messages';

const stored = () => ({
  flow: storage.get('activeFlow'),
  url: storage.get('activeFlowUrl'),
  query: storage.get('activeFlowQuery'),
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('active flow at the app root', () => {
  it('visiting /static-link/asha?x=1 stores StaticLinkFlow with its url and query', async () => {
    renderRoute('/static-link/asha?x=1');
    await screen.findByRole('heading', { name: messages.staticLink.title });
    await waitFor(() =>
      expect(stored()).toEqual({ flow: 'StaticLinkFlow', url: '/static-link/asha', query: '?x=1' }),
    );
  });

  it('visiting /payment-link/lnk_1 stores DynamicLinkFlow', async () => {
    renderRoute('/payment-link/lnk_1');
    await waitFor(() =>
      expect(stored()).toEqual({ flow: 'DynamicLinkFlow', url: '/payment-link/lnk_1', query: '' }),
    );
  });

  it('the root redirect records payTuitionFeesFlow', async () => {
    renderRoute('/');
    await waitFor(() =>
      expect(stored()).toEqual({ flow: 'payTuitionFeesFlow', url: '/pay-tuition-fees', query: '' }),
    );
  });

  it('the static-link flow survives the way to login', async () => {
    const { router } = renderRoute('/static-link/asha');
    await screen.findByRole('heading', { name: messages.staticLink.title });
    await act(() => router.navigate('/student/login'));
    await screen.findByRole('heading', { name: 'Student login' });
    await waitFor(() => expect(stored().flow).toBe('StaticLinkFlow'));
    expect(stored().url).toBe('/static-link/asha');
  });

  it('follows every navigation', async () => {
    const { router } = renderRoute('/static-link/asha');
    await waitFor(() => expect(stored().flow).toBe('StaticLinkFlow'));

    await act(() => router.navigate('/payment-link/lnk_9?utm=wa'));
    await waitFor(() =>
      expect(stored()).toEqual({
        flow: 'DynamicLinkFlow',
        url: '/payment-link/lnk_9',
        query: '?utm=wa',
      }),
    );

    await act(() => router.navigate('/tutors'));
    await waitFor(() =>
      expect(stored()).toEqual({ flow: 'defaultFlow', url: '/tutors', query: '' }),
    );
  });

  it('records nothing for a login visited first', async () => {
    const set = vi.spyOn(storage, 'set');
    const { router } = renderRoute('/student/login');
    await screen.findByRole('heading', { name: 'Student login' });
    await act(() => router.navigate('/tutors'));
    await waitFor(() => expect(stored().flow).toBe('defaultFlow'));
    // Locations reach the machine in order: had /student/login been recorded, it would be first.
    expect(set.mock.calls.map(([key, value]) => `${key}=${String(value)}`)).toEqual([
      'activeFlow=defaultFlow',
      'activeFlowUrl=/tutors',
      'activeFlowQuery=',
    ]);
  });
});
