// The way back from the gateway's KYC page and the complete-KYC page, through the app's routes
// (spec §2 tutor/onboarding/aadhar-redirect, tutor/aadhar-verification, tutor/complete-kyc; D4).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../src/browser/storage';
import { messages } from '../../src/domain/messages';
import { AADHAAR_PENDING_TUTOR, NEW_TUTOR, SUBMITTED_TUTOR } from '../machines/tutorProfiles';
import { renderRoute } from '../support/renderRoute';
import { http } from './authFakes';
import { asProfile, logInTutor, resetTutorServer, tutorServer } from './tutorFakes';

vi.mock('../../src/api/actors/auth', () => import('./authFakes'));
vi.mock('../../src/api/actors/tutor', () => import('./tutorFakes'));
vi.mock('../../src/api/actors/tutorSession', () => import('./tutorFakes'));

beforeEach(resetTutorServer);
afterEach(() => {
  vi.useRealTimers();
});

const REDIRECT = '/tutor/onboarding/aadhar-redirect';

describe('tutor/onboarding/aadhar-redirect', () => {
  it("no token: 'Verifying your aadhaar details...' under the Session Expired dialog; Login → /tutor/login", async () => {
    const user = userEvent.setup();
    const { router } = renderRoute(REDIRECT);
    expect(await screen.findByText('Verifying your aadhaar details...')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', {
      name: 'Session Expired! Please login again',
    });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(tutorServer.refreshKycStatus).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.location.pathname).toBe('/tutor/login'));
  });

  it('KYC done: the active flow is forgotten, the status re-read, then the congratulations', async () => {
    logInTutor();
    storage.set('activeFlow', 'StaticLinkFlow');
    storage.set('activeFlowUrl', '/static-link/asha-verma');
    const user = userEvent.setup();
    const { router } = renderRoute(REDIRECT);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Congratulations for completing your Aadhaar KYC!',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('You can start accepting payments on TuitionPay now'),
    ).toBeInTheDocument();
    expect(tutorServer.refreshKycStatus).toHaveBeenCalledWith('7');
    expect(storage.get('activeFlowUrl')).toBeNull();
    expect(storage.get('tutorOnboardingStep')).toBe(0);
    expect(storage.get('tutorOnboardingNavigation')).toBe('/tutor/dashboard');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.location.pathname).toBe('/tutor/aadhar-verification'));
  });

  it('KYC under review: the congratulations say payments start in 2-3 business days', async () => {
    logInTutor();
    tutorServer.getProfile.mockResolvedValue(asProfile(SUBMITTED_TUTOR));
    renderRoute(REDIRECT);
    expect(await screen.findByText(messages.aadhaar.underReview)).toBeInTheDocument();
    expect(screen.getByText(/2-3 business days/)).toBeInTheDocument();
    expect(screen.getByText(messages.aadhaar.congratulations)).toBeInTheDocument();
    expect(
      screen.queryByText(/start accepting payments on TuitionPay now/),
    ).not.toBeInTheDocument();
  });

  it('KYC not done yet: back to sign-up at the stored step 3', async () => {
    logInTutor();
    tutorServer.getProfile.mockResolvedValue(asProfile(AADHAAR_PENDING_TUTOR));
    const { router } = renderRoute(REDIRECT);
    await waitFor(() => expect(router.location.pathname).toBe('/tutor/personal-details'));
    expect(router.navigationType).toBe('REPLACE');
    expect(storage.get('tutorOnboardingStep')).toBe(3);
    expect(storage.get('tutorOnboardingNavigation')).toBe('/tutor/personal-details');
  });

  it('the gateway does not answer: a message and Try again', async () => {
    logInTutor();
    tutorServer.refreshKycStatus.mockRejectedValueOnce(http(502));
    const user = userEvent.setup();
    renderRoute(REDIRECT);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.aadhaar.redirectFailed);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(messages.aadhaar.congratulations)).toBeInTheDocument();
  });

  it('a refused session (401): the Session Expired dialog', async () => {
    logInTutor();
    tutorServer.refreshKycStatus.mockRejectedValue(http(401));
    renderRoute(REDIRECT);
    expect(
      await screen.findByRole('dialog', { name: 'Session Expired! Please login again' }),
    ).toBeInTheDocument();
    expect(storage.get('access-token')).toBeNull();
  });
});

describe('tutor/aadhar-verification', () => {
  it('counts down from 5, then the dashboard with the previous URL and the dialog, shown once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    logInTutor();
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { router } = renderRoute('/tutor/aadhar-verification');
    expect(
      await screen.findByText('Taking you to your dashboard in 5 seconds...'),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByText('Taking you to your dashboard in 3 seconds...')).toBeInTheDocument();
    expect(router.location.pathname).toBe('/tutor/aadhar-verification');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await waitFor(() => expect(router.location.pathname).toBe('/tutor/dashboard'));
    expect(router.location.state).toEqual({ from: '/tutor/aadhar-verification' });
    expect(router.navigationType).toBe('REPLACE');

    const dialog = await screen.findByRole('dialog', {
      name: 'Congratulations for completing your Aadhaar KYC!',
    });
    expect(
      within(dialog).getByText('You can start accepting payments on TuitionPay now'),
    ).toBeInTheDocument();
    expect(storage.get('showDialog')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: messages.tutorDashboard.ok }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(storage.get('showDialog')).toBeNull();
  });
});

describe('tutor/complete-kyc', () => {
  it('shows the title and the three steps; Proceed goes to /tutor/login without a token', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/tutor/complete-kyc');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Complete your KYC to start receiving money',
      }),
    ).toBeInTheDocument();
    for (const step of ['Personal Details', 'Account Details', 'Verify Aadhaar']) {
      expect(screen.getByText(step)).toBeInTheDocument();
    }
    await user.click(screen.getByRole('link', { name: 'Proceed' }));
    await waitFor(() => expect(router.location.pathname).toBe('/tutor/login'));
  });

  it('with a token, Proceed goes to sign-up', async () => {
    logInTutor();
    tutorServer.getProfile.mockResolvedValue(asProfile(NEW_TUTOR));
    const user = userEvent.setup();
    const { router } = renderRoute('/tutor/complete-kyc');
    await user.click(await screen.findByRole('link', { name: 'Proceed' }));
    await waitFor(() => expect(router.location.pathname).toBe('/tutor/personal-details'));
  });
});
