// The tutor guard through the app's routes (spec §4 "Tutor guard", §2 tutor/; D4, D27): what the
// tutor sees, and where they end up, on each guarded page.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../src/browser/storage';
import { messages } from '../../src/domain/messages';
import { NEW_TUTOR, SUBMITTED_TUTOR } from '../machines/tutorProfiles';
import { renderRoute } from '../support/renderRoute';
import { http } from './authFakes';
import { asProfile, logInTutor, resetTutorServer, tutorServer } from './tutorFakes';

vi.mock('../../src/api/actors/auth', () => import('./authFakes'));
vi.mock('../../src/api/actors/tutor', () => import('./tutorFakes'));
vi.mock('../../src/api/actors/tutorSession', () => import('./tutorFakes'));

beforeEach(resetTutorServer);

const loginHeading = () => screen.findByRole('heading', { level: 1, name: 'Tutor login' });

describe('tutor guard: a student is logged in', () => {
  it('storage is cleared, the tutor-login flag set, and the tutor goes to /tutor/login', async () => {
    storage.set('access-token', 'tok_student');
    storage.set('studentLogin', true);
    storage.set('userId', '42');
    storage.set('orderId', 'order_1');
    const { router } = renderRoute('/tutor/dashboard');
    expect(await loginHeading()).toBeInTheDocument();
    expect(router.location.pathname).toBe('/tutor/login');
    expect(router.navigationType).toBe('REPLACE');
    expect(storage.get('access-token')).toBeNull();
    expect(storage.get('studentLogin')).toBeNull();
    expect(storage.get('userId')).toBeNull();
    expect(storage.get('orderId')).toBeNull();
    expect(storage.get('tutorLogin')).toBe(true);
    expect(tutorServer.getProfile).not.toHaveBeenCalled();
  });
});

describe('tutor guard: a logged-in tutor', () => {
  it('at step 0, sign-up redirects to the dashboard; the step and target are stored', async () => {
    logInTutor();
    const { router } = renderRoute('/tutor/personal-details');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Asha Verma' }),
    ).toBeInTheDocument();
    expect(router.location.pathname).toBe('/tutor/dashboard');
    expect(router.navigationType).toBe('REPLACE');
    expect(storage.get('tutorOnboardingStep')).toBe(0);
    expect(storage.get('tutorOnboardingNavigation')).toBe('/tutor/dashboard');
  });

  it('at a step other than 0, the dashboard redirects to sign-up', async () => {
    logInTutor();
    tutorServer.getProfile.mockResolvedValue(asProfile(NEW_TUTOR));
    const { router } = renderRoute('/tutor/dashboard');
    await waitFor(() => expect(router.location.pathname).toBe('/tutor/personal-details'));
    expect(router.navigationType).toBe('REPLACE');
    expect(storage.get('tutorOnboardingStep')).toBe(1);
    expect(storage.get('tutorOnboardingNavigation')).toBe('/tutor/personal-details');
    expect(screen.queryByRole('heading', { name: /Hello/ })).not.toBeInTheDocument();
  });

  it('the login page goes to the target', async () => {
    logInTutor();
    tutorServer.getProfile.mockResolvedValue(asProfile(SUBMITTED_TUTOR));
    const { router } = renderRoute('/tutor/login');
    await waitFor(() => expect(router.location.pathname).toBe('/tutor/dashboard'));
    expect(await screen.findByText(messages.aadhaar.underReview)).toBeInTheDocument();
  });

  it('offline while loading the account: a message and Try again, no redirect', async () => {
    logInTutor();
    tutorServer.getProfile.mockRejectedValueOnce({ kind: 'network' });
    const { router } = renderRoute('/tutor/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.generic.network);
    expect(router.location.pathname).toBe('/tutor/dashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Asha Verma' }),
    ).toBeInTheDocument();
  });

  it('a 401 is a session gone: the token is forgotten and the dashboard goes to /tutor/login', async () => {
    logInTutor();
    tutorServer.getProfile.mockRejectedValue(http(401));
    const { router } = renderRoute('/tutor/dashboard');
    expect(await loginHeading()).toBeInTheDocument();
    expect(router.location.pathname).toBe('/tutor/login');
    expect(storage.get('access-token')).toBeNull();
    expect(storage.get('tutorLogin')).toBeNull();
  });
});

describe('tutor guard: no one logged in', () => {
  it('sign-up shows the Session Expired dialog, which Escape and a click outside cannot close', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/tutor/personal-details');
    const dialog = await screen.findByRole('dialog', {
      name: 'Session Expired! Please login again',
    });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    expect(router.location.pathname).toBe('/tutor/personal-details');

    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await loginHeading()).toBeInTheDocument();
    expect(router.location.pathname).toBe('/tutor/login');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the dashboard goes to /tutor/login', async () => {
    const { router } = renderRoute('/tutor/dashboard');
    expect(await loginHeading()).toBeInTheDocument();
    expect(router.location.pathname).toBe('/tutor/login');
    expect(tutorServer.getProfile).not.toHaveBeenCalled();
  });

  it('/tutor goes to the login', async () => {
    const { router } = renderRoute('/tutor');
    expect(await loginHeading()).toBeInTheDocument();
    expect(router.location.pathname).toBe('/tutor/login');
  });
});
