// /tutor/personal-details, step 3 (spec §2 "Aadhaar step", §4 "Aadhaar", §8; D4, D15), with the
// real machines and the real D15 origin check; only the browser's move to the gateway is a spy.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { goToOnboarding } from '../../src/browser/onboardingRedirect';
import { messages } from '../../src/domain/messages';
import { apiMessages } from '../../src/domain/apiMessages';
import { http, resetServer } from './authFakes';
import { DASHBOARD_PAGE, LOGIN_PAGE, renderSignup, signIn } from './tutorSignupKit';
import {
  KYC_REJECTED,
  resetTutorServer,
  sandboxLink,
  tutorServer,
  WITH_BANK,
} from './tutorSignupFakes';

vi.mock('../../src/api/actors/auth', () => import('./authFakes'));
vi.mock('../../src/api/actors/tutor', () => import('./tutorSignupFakes'));
vi.mock('../../src/api/actors/tutorSignup', () => import('./tutorSignupFakes'));
vi.mock('../../src/browser/onboardingRedirect', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  goToOnboarding: vi.fn(),
}));

const m = messages.aadhaar;

beforeEach(() => {
  resetServer();
  resetTutorServer();
  vi.mocked(goToOnboarding).mockClear();
  tutorServer.profile.mockResolvedValue(WITH_BANK);
});

async function openStep3() {
  signIn(3);
  const view = renderSignup();
  await screen.findByRole('heading', { level: 1, name: m.heading });
  return { ...view, user: userEvent.setup() };
}

const button = (name: string) => screen.getByRole('button', { name });

async function expectFailedPanel() {
  expect(await screen.findByRole('heading', { name: m.failed })).toBeInTheDocument();
  expect(screen.getByText(m.contactUs)).toBeInTheDocument();
  expect(button(m.verifyAgain)).toBeEnabled();
}

describe('/tutor/personal-details, step 3', () => {
  it('shows the Aadhaar texts, the configured support numbers and Verify', async () => {
    // What the server writes into index.html from SUPPORT_PHONES.
    const meta = document.createElement('meta');
    meta.name = 'tp-support-phones';
    meta.content = JSON.stringify([
      { label: 'Toll-free', number: '1800 309 4455' },
      { label: 'WhatsApp', number: '+91 80690 45500' },
    ]);
    document.head.append(meta);
    onTestFinished(() => meta.remove());
    await openStep3();
    expect(screen.getByRole('list', { name: 'Step 3 of 3' })).toBeInTheDocument();
    expect(screen.getByText(m.keepPhoneReady)).toBeInTheDocument();
    expect(screen.getByText(/₹50,000/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1800 309 4455' })).toHaveAttribute(
      'href',
      'tel:+9118003094455',
    );
    expect(screen.getByRole('link', { name: '+91 80690 45500' })).toHaveAttribute(
      'href',
      'https://wa.me/918069045500',
    );
    expect(screen.getByRole('link', { name: messages.support.contactPage })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(button(m.verify)).toBeEnabled();
  });

  it('shows no support numbers when none are configured, only the way to the contact page', async () => {
    await openStep3();
    const help = screen.getByRole('region', { name: messages.support.title });
    expect(within(help).queryByRole('list')).not.toBeInTheDocument();
    expect(within(help).getByRole('link', { name: messages.support.contactPage })).toBeVisible();
  });

  it("Verify shows 'Verifying' with a spinner, then goes to the gateway's page", async () => {
    let answer: (link: { onboardingLink: string }) => void = () => {};
    tutorServer.startOnboarding.mockImplementationOnce(
      () => new Promise((resolve) => (answer = resolve)),
    );
    const { user } = await openStep3();
    await user.click(button(m.verify));
    expect(button(m.verifying)).toBeDisabled();
    expect(tutorServer.startOnboarding).toHaveBeenCalledWith({ userId: '7' });
    answer({ onboardingLink: sandboxLink() });
    await vi.waitFor(() => expect(goToOnboarding).toHaveBeenCalledWith(sandboxLink()));
    expect(button(m.verifying)).toBeDisabled();
    // Back from the gateway, restored from the back-forward cache: Verify again, no spinner.
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(await screen.findByRole('button', { name: m.verify })).toBeEnabled();
  });

  it("a failure shows 'Verification Failed!' and Verify Again, which tries again", async () => {
    tutorServer.startOnboarding.mockRejectedValueOnce(http(502, apiMessages.kyc.gatewayFailed));
    const { user } = await openStep3();
    await user.click(button(m.verify));
    await expectFailedPanel();
    expect(screen.getByText(apiMessages.kyc.gatewayFailed)).toBeInTheDocument();
    await user.click(button(m.verifyAgain));
    await vi.waitFor(() => expect(goToOnboarding).toHaveBeenCalledTimes(1));
    expect(tutorServer.startOnboarding).toHaveBeenCalledTimes(2);
  });

  it('D15: a link on another origin is refused and shows the failed panel', async () => {
    tutorServer.startOnboarding.mockResolvedValueOnce({
      onboardingLink: 'https://evil.example/onboarding/ab12',
    });
    const { user } = await openStep3();
    await user.click(button(m.verify));
    await expectFailedPanel();
    expect(goToOnboarding).not.toHaveBeenCalled();
  });

  it('D4: a rejected KYC opens directly on the failed panel', async () => {
    tutorServer.profile.mockResolvedValue(KYC_REJECTED);
    await openStep3();
    await expectFailedPanel();
    expect(tutorServer.startOnboarding).not.toHaveBeenCalled();
  });

  it("a 409 shows the server's message and a way to the dashboard", async () => {
    tutorServer.startOnboarding.mockRejectedValueOnce(http(409, apiMessages.kyc.underReview));
    const { user } = await openStep3();
    await user.click(button(m.verify));
    expect(await screen.findByRole('alert')).toHaveTextContent(apiMessages.kyc.underReview);
    await user.click(button(m.toDashboard));
    expect(await screen.findByText(DASHBOARD_PAGE)).toBeInTheDocument();
  });

  it('a 401 opens the Session Expired dialog', async () => {
    tutorServer.startOnboarding.mockRejectedValueOnce(http(401));
    const { user } = await openStep3();
    await user.click(button(m.verify));
    expect(await screen.findByText(messages.auth.sessionExpired)).toBeInTheDocument();
    await user.click(button(messages.auth.login));
    expect(await screen.findByText(LOGIN_PAGE)).toBeInTheDocument();
  });
});
