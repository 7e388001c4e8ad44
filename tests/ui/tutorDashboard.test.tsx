// /tutor/dashboard (issue 4's minimal one) through the app's routes, behind the guard: the
// tutor's name, the KYC card with the tutor's links, and Logout (D13).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../src/browser/storage';
import { messages } from '../../src/domain/messages';
import { SUBMITTED_TUTOR } from '../machines/tutorProfiles';
import { renderRoute } from '../support/renderRoute';
import { http } from './authFakes';
import { asProfile, logInTutor, resetTutorServer, tutorServer } from './tutorFakes';

vi.mock('../../src/api/actors/auth', () => import('./authFakes'));
vi.mock('../../src/api/actors/tutor', () => import('./tutorFakes'));
vi.mock('../../src/api/actors/tutorSession', () => import('./tutorFakes'));

beforeEach(resetTutorServer);

async function openDashboard() {
  logInTutor();
  const view = renderRoute('/tutor/dashboard');
  await screen.findByRole('heading', { level: 1, name: 'Hello, Asha Verma' });
  return view;
}

describe('/tutor/dashboard', () => {
  it('KYC approved: payments are open; the static link and the profile link show once', async () => {
    await openDashboard();
    const card = screen.getByRole('region', { name: messages.tutorDashboard.kycTitle });
    expect(
      within(card).getByText('You can start accepting payments on TuitionPay now'),
    ).toBeInTheDocument();
    // In the Share tab, open first, not in the KYC card (issue 13: they showed in both).
    const share = await screen.findByRole('tabpanel', { name: 'Share' });
    expect(
      await within(share).findByText(`${window.location.origin}/asha-verma`),
    ).toBeInTheDocument();
    expect(within(card).queryByText(/\/static-link\//)).not.toBeInTheDocument();
    expect(within(card).queryByText(`${window.location.origin}/asha-verma`)).toBeNull();
    expect(within(card).queryByRole('button', { name: /^Copy/ })).not.toBeInTheDocument();
    // No dialog unless aadhar-verification asked for it.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('KYC under review: payments in 2-3 business days, no links yet', async () => {
    tutorServer.getProfile.mockResolvedValue(asProfile(SUBMITTED_TUTOR));
    await openDashboard();
    const card = screen.getByRole('region', { name: messages.tutorDashboard.kycTitle });
    expect(within(card).getByText(messages.aadhaar.underReview)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Copy/ })).not.toBeInTheDocument();
  });

  it('Logout: the server is told, every stored key goes, then /tutor/login', async () => {
    const { router } = await openDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tutor login' }),
    ).toBeInTheDocument();
    expect(router.location.pathname).toBe('/tutor/login');
    expect(tutorServer.logout).toHaveBeenCalledTimes(1);
    expect(storage.get('access-token')).toBeNull();
    expect(storage.get('userId')).toBeNull();
    expect(storage.get('phoneNumber')).toBeNull();
    expect(storage.get('tutorLogin')).toBeNull();
  });

  it('a logout the server refuses still ends the session here', async () => {
    tutorServer.logout.mockRejectedValue(http(500));
    const { router } = await openDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.location.pathname).toBe('/tutor/login'));
    expect(storage.get('access-token')).toBeNull();
  });
});
