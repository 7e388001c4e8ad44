// /tutor/login through the app's routes (the guard included), with the real machines and storage
// and fake servers (authFakes, tutorFakes): spec §2 Tutor login page, §4 Tutor guard and Tutor
// onboarding step, §5 Tutor login, §8; D2, D14.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../src/browser/storage';
import { messages } from '../../src/domain/messages';
import { NEW_TUTOR } from '../machines/tutorProfiles';
import { renderRoute } from '../support/renderRoute';
import { http, resetServer, server } from './authFakes';
import { asProfile, resetTutorServer, tutorServer } from './tutorFakes';

vi.mock('../../src/api/actors/auth', () => import('./authFakes'));
vi.mock('../../src/api/actors/tutor', () => import('./tutorFakes'));
vi.mock('../../src/api/actors/tutorSession', () => import('./tutorFakes'));

beforeEach(() => {
  resetServer();
  resetTutorServer();
});

async function openLogin() {
  const user = userEvent.setup();
  const view = renderRoute('/tutor/login');
  const phone = await screen.findByLabelText(messages.studentLogin.phoneLabel);
  const terms = screen.getByRole('checkbox');
  const verify = screen.getByRole('button', { name: messages.tutorLogin.verify });
  return { ...view, user, phone, terms, verify };
}

/** Phone, terms, Verify: the code step. */
async function toCodeStep() {
  const page = await openLogin();
  await page.user.type(page.phone, '9876543210');
  await page.user.click(page.terms);
  await waitFor(() => expect(page.verify).toBeEnabled());
  await page.user.click(page.verify);
  const otp = await screen.findByLabelText(messages.otp.label);
  return { ...page, otp };
}

describe('/tutor/login: the phone step', () => {
  it("shows the heading, the tutors' side text and the terms with their links", async () => {
    await openLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Tutor login' })).toBeInTheDocument();
    expect(
      screen.getByText('Finest tutors use TuitionPay to manage their payments'),
    ).toBeInTheDocument();
    expect(screen.queryByText('credit card at 1%*')).not.toBeInTheDocument();
    const terms = screen.getByRole('checkbox');
    expect(terms).not.toBeChecked();
    expect(screen.getByText(/I agree to the/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute(
      'href',
      '/terms-of-use',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
  });

  it('Verify stays disabled until the phone is valid AND the terms are agreed (spec §5)', async () => {
    const { user, phone, terms, verify } = await openLogin();
    expect(verify).toBeDisabled();
    await user.type(phone, '12a34567890123');
    await waitFor(() => expect(phone).toHaveValue('1234567890'));
    expect(screen.getByText('Enter valid phone number')).toBeInTheDocument();
    await user.click(terms);
    expect(verify).toBeDisabled();

    await user.clear(phone);
    await user.type(phone, '9876543210');
    await waitFor(() => expect(verify).toBeEnabled());
    await user.click(terms);
    expect(verify).toBeDisabled();
    expect(screen.getByText(messages.validation.terms)).toBeInTheDocument();
    await user.click(terms);
    expect(verify).toBeEnabled();
    expect(screen.queryByText(messages.validation.terms)).not.toBeInTheDocument();
  });

  it("a student's phone: 'This user is already registered as a student' and the student login link (D14)", async () => {
    server.generateOtp.mockRejectedValue(http(400, messages.roles.serverMismatch));
    const { user, phone, terms, verify, router } = await openLogin();
    await user.type(phone, '9876543210');
    await user.click(terms);
    await user.click(verify);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This user is already registered as a student');
    expect(server.generateOtp).toHaveBeenCalledWith({ phone: '9876543210', role: 'teacher' });
    const link = within(alert).getByRole('link', { name: 'Login as a student instead?' });
    expect(link).toHaveAttribute('href', '/student/login');
    await user.click(link);
    await waitFor(() => expect(router.location.pathname).toBe('/student/login'));
  });

  it("an OTP request failure without a message shows D2's text", async () => {
    server.generateOtp.mockRejectedValue(http(500));
    const { user, phone, terms, verify } = await openLogin();
    await user.type(phone, '9876543210');
    await user.click(terms);
    await user.click(verify);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again!',
    );
  });
});

describe('/tutor/login: the code step and after', () => {
  it("'Change phone number' goes back with the number kept", async () => {
    const { user } = await toCodeStep();
    expect(screen.getByText(messages.otp.enterCode('9876543210'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change phone number' }));
    expect(await screen.findByLabelText(messages.studentLogin.phoneLabel)).toHaveValue(
      '9876543210',
    );
  });

  it("a wrong code shows 'Incorrect OTP. Please retry.'", async () => {
    server.validateOtp.mockRejectedValue(http(400, messages.otp.incorrect));
    const { user, otp } = await toCodeStep();
    await user.type(otp, '1234');
    expect(await screen.findByText('Incorrect OTP. Please retry.')).toBeInTheDocument();
    expect(server.validateOtp).toHaveBeenCalledWith({
      phone: '9876543210',
      otp: '1234',
      role: 'teacher',
    });
  });

  it("a student's phone refused at the code links to the student login (D14)", async () => {
    server.validateOtp.mockRejectedValue(http(400, messages.roles.serverMismatch));
    const { user, otp } = await toCodeStep();
    await user.type(otp, '1234');
    expect(await screen.findByText(messages.roles.alreadyStudent)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login as a student instead?' })).toHaveAttribute(
      'href',
      '/student/login',
    );
  });

  it('a tutor whose KYC is done: the session and step are stored, then the dashboard', async () => {
    const { user, otp, router } = await toCodeStep();
    // One login at a time: a student's flag set meanwhile goes.
    storage.set('studentLogin', true);
    await user.type(otp, '1234');
    await waitFor(() => expect(router.location.pathname).toBe('/tutor/dashboard'));
    expect(router.navigationType).toBe('REPLACE');
    expect(storage.get('access-token')).toBe('tok_test_1');
    expect(storage.get('userId')).toBe('42');
    expect(storage.get('phoneNumber')).toBe('9876543210');
    expect(storage.get('tutorLogin')).toBe(true);
    expect(storage.get('studentLogin')).toBeNull();
    expect(storage.get('tutorOnboardingStep')).toBe(0);
    expect(storage.get('tutorOnboardingNavigation')).toBe('/tutor/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Asha Verma' }),
    ).toBeInTheDocument();
  });

  it('a new tutor: step 1 stored, then sign-up', async () => {
    tutorServer.getProfile.mockResolvedValue(asProfile(NEW_TUTOR));
    const { user, otp, router } = await toCodeStep();
    await user.type(otp, '1234');
    await waitFor(() => expect(router.location.pathname).toBe('/tutor/personal-details'));
    expect(storage.get('tutorOnboardingStep')).toBe(1);
    expect(storage.get('tutorOnboardingNavigation')).toBe('/tutor/personal-details');
  });

  it('a failed profile fetch is "the prefill fails": step 1, sign-up', async () => {
    tutorServer.getProfile.mockRejectedValueOnce(http(500));
    tutorServer.getProfile.mockResolvedValue(asProfile(NEW_TUTOR));
    const { user, otp, router } = await toCodeStep();
    await user.type(otp, '1234');
    await waitFor(() => expect(router.location.pathname).toBe('/tutor/personal-details'));
    expect(storage.get('tutorOnboardingStep')).toBe(1);
  });

  it('a 401 on the profile: back to the phone with Session Expired, the token forgotten', async () => {
    tutorServer.getProfile.mockRejectedValue(http(401));
    const { user, otp, router } = await toCodeStep();
    await user.type(otp, '1234');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Session Expired! Please login again',
    );
    expect(screen.getByLabelText(messages.studentLogin.phoneLabel)).toHaveValue('9876543210');
    expect(storage.get('access-token')).toBeNull();
    expect(storage.get('tutorLogin')).toBeNull();
    expect(router.location.pathname).toBe('/tutor/login');
  });
});

describe('/tutor/login: a reload on the code step (issue 13, D128)', () => {
  it('comes back to the code step for the same phone; a student code does not', async () => {
    await toCodeStep();
    const sent = storage.get('codeSentTo');
    expect(sent).toMatchObject({ role: 'teacher', phone: '9876543210' });
    cleanup();
    renderRoute('/tutor/login');
    expect(await screen.findByLabelText(messages.otp.label)).toBeInTheDocument();
    expect(screen.getByText(messages.otp.enterCode('9876543210'))).toBeInTheDocument();
    expect(server.generateOtp).toHaveBeenCalledTimes(1); // no second code

    cleanup();
    storage.set('codeSentTo', { ...sent!, role: 'student' });
    const page = await openLogin();
    await page.user.type(page.phone, '9876543210');
    await page.user.click(page.terms);
    await waitFor(() => expect(page.verify).toBeEnabled()); // the phone step, running
    expect(screen.queryByLabelText(messages.otp.label)).not.toBeInTheDocument();
  });
});
