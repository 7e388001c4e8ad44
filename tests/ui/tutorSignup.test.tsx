// /tutor/personal-details, steps 1 and 2, with the real machines and storage and a fake server
// (spec §2, §4 "Tutor onboarding step", "Bank account verification", §5, §8; D2, D16, D29).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../src/browser/storage';
import { messages } from '../../src/domain/messages';
import { apiMessages } from '../../src/domain/apiMessages';
import { NOTICE_VERSION } from '../../src/domain/privacy';
import { privacyTexts } from '../../src/domain/privacyTexts';
import { http, resetServer, server } from './authFakes';
import { LOGIN_PAGE, renderSignup, signIn } from './tutorSignupKit';
import { PAN, PAN_VERIFIED, resetTutorServer, tutorServer, WITH_BANK } from './tutorSignupFakes';

vi.mock('../../src/api/actors/auth', () => import('./authFakes'));
vi.mock('../../src/api/actors/tutor', () => import('./tutorSignupFakes'));
vi.mock('../../src/api/actors/tutorSignup', () => import('./tutorSignupFakes'));

const m = messages.tutorSignup;
const b = messages.bank;

beforeEach(() => {
  resetServer();
  resetTutorServer();
});

const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
const button = (name: string) => screen.getByRole('button', { name });
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
/** D319: the privacy notice's box. */
const agreeBox = () => screen.getByRole('checkbox', { name: privacyTexts.notice.agree });

async function openStep1() {
  signIn();
  const view = renderSignup();
  await heading(m.steps[0]);
  return view;
}

async function fillStep1() {
  const user = userEvent.setup();
  await user.type(field(m.firstName), 'Asha');
  await user.type(field(m.lastName), 'Verma');
  await user.type(field(m.pan), PAN.toLowerCase());
  await user.click(agreeBox());
  return user;
}

/** Step 2 of a tutor whose PAN is verified (the guard's derived step). */
async function openStep2() {
  tutorServer.profile.mockResolvedValue(PAN_VERIFIED);
  signIn();
  const view = renderSignup();
  await heading(m.steps[1]);
  return { ...view, user: userEvent.setup() };
}

async function fillBank(user: ReturnType<typeof userEvent.setup>, account = '001234567890') {
  await user.type(field(b.accountNumber), account);
  await user.type(field(b.confirmAccountNumber), account);
  await user.type(field(b.ifsc), 'hdfc0001234');
}

describe('/tutor/personal-details, step 1', () => {
  it('shows the tutor side panel, the progress bar, the notes and the fields', async () => {
    await openStep1();
    expect(screen.getByText(m.sideText)).toBeInTheDocument();
    const progress = screen.getByRole('list', { name: 'Step 1 of 3' });
    for (const name of m.steps) expect(within(progress).getByText(name)).toBeInTheDocument();
    expect(within(progress).getByText(m.steps[0])).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('Input First Name and Last Name as on PAN given.')).toBeInTheDocument();
    expect(screen.getByText('Make sure you give a valid PAN.')).toBeInTheDocument();
    expect(field(m.firstName)).toHaveValue('');
    expect(button(m.next)).toBeDisabled();
  });

  it('checks the fields as spec §5 says; Next waits for a valid form', async () => {
    const user = userEvent.setup();
    await openStep1();
    await user.click(field(m.firstName));
    await user.click(field(m.lastName));
    await user.click(field(m.pan));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    await user.type(field(m.firstName), 'Asha');
    await user.type(field(m.lastName), 'Verma');
    await user.type(field(m.pan), 'abcde-1234f');
    expect(field(m.pan)).toHaveValue('ABCDE1234F');
    expect(screen.getByText('Enter valid PAN')).toBeInTheDocument();
    expect(button(m.next)).toBeDisabled();
    await user.clear(field(m.pan));
    await user.type(field(m.pan), 'abcpv1234k99');
    expect(field(m.pan)).toHaveValue(PAN);
    expect(screen.queryByText('Enter valid PAN')).not.toBeInTheDocument();
    // D319: nothing goes before the notice's box is ticked.
    expect(button(m.next)).toBeDisabled();
    await user.click(agreeBox());
    expect(button(m.next)).toBeEnabled();
  });

  it("a PAN the server refuses shows the server's message; without one D2's text", async () => {
    server.onboard.mockRejectedValueOnce(http(400, apiMessages.identity.panNameMismatch));
    server.onboard.mockRejectedValueOnce(http(502));
    await openStep1();
    const user = await fillStep1();
    await user.click(button(m.next));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      apiMessages.identity.panNameMismatch,
    );
    await user.click(button(m.next));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Something went wrong. Please try again.',
      ),
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(m.steps[0]);
  });

  it('Next saves names and PAN for the own phone and opens step 2 (stored)', async () => {
    await openStep1();
    const user = await fillStep1();
    await user.click(button(m.next));
    await heading(m.steps[1]);
    expect(server.onboard).toHaveBeenCalledWith({
      phone: '9123456780',
      first_name: 'Asha',
      last_name: 'Verma',
      pan: PAN,
      notice_version: NOTICE_VERSION,
    });
    expect(storage.get('tutorOnboardingStep')).toBe(2);
    expect(screen.getByText(m.step2Note)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Step 2 of 3' })).toBeInTheDocument();
  });
});

describe('/tutor/personal-details, step 2', () => {
  it('checks the account number, its re-entry and the IFSC; Verify waits for a valid form', async () => {
    const { user } = await openStep2();
    await user.type(field(b.accountNumber), '12ab345678');
    await user.type(field(b.confirmAccountNumber), '12345679');
    await user.tab();
    expect(field(b.accountNumber)).toHaveValue('12345678');
    expect(await screen.findByText('Account numbers do not match')).toBeInTheDocument();
    expect(screen.getByText(messages.validation.accountNumber)).toBeInTheDocument();
    await user.type(field(b.ifsc), 'hdfc1001234');
    expect(field(b.ifsc)).toHaveValue('HDFC1001234');
    expect(screen.getByText('Enter valid IFSC')).toBeInTheDocument();
    expect(button(b.verify)).toBeDisabled();
  });

  it("a failed verification shows the server's message; Try Again keeps the numbers; then Verify Aadhaar", async () => {
    tutorServer.addAccount.mockRejectedValueOnce(http(400, apiMessages.accounts.nameMismatch));
    const { user } = await openStep2();
    await fillBank(user);
    await user.click(button(b.verify));
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(apiMessages.accounts.nameMismatch);
    expect(screen.getByText('Please Try Again')).toBeInTheDocument();
    await user.click(button('Try Again'));
    expect(field(b.accountNumber)).toHaveValue('001234567890');
    expect(field(b.ifsc)).toHaveValue('HDFC0001234');
    await user.click(button(b.verify));
    expect(
      await screen.findByRole('heading', { name: 'Account Successfully verified.' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Please verify your aadhaar to start accepting payments.'),
    ).toBeInTheDocument();
    expect(tutorServer.addAccount).toHaveBeenLastCalledWith({
      account_number: '001234567890',
      ifsc: 'HDFC0001234',
    });
    await user.click(button('Verify Aadhaar'));
    await heading(messages.aadhaar.heading);
    expect(storage.get('tutorOnboardingStep')).toBe(3);
    // D16: the account number is in no browser storage.
    const stored = JSON.stringify({ ...localStorage, ...sessionStorage });
    expect(stored).not.toContain('001234567890');
  });

  it('a 403 shows the generic text, not the server message (spec §8)', async () => {
    tutorServer.addAccount.mockRejectedValueOnce(http(403, apiMessages.accounts.panRequired));
    const { user } = await openStep2();
    await fillBank(user);
    await user.click(button(b.verify));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.generic.somethingWrong);
  });

  it('Back returns to step 1, where a verified PAN is read-only and Next moves on', async () => {
    const { user } = await openStep2();
    await user.click(button(m.back));
    await heading(m.steps[0]);
    expect(storage.get('tutorOnboardingStep')).toBe(1);
    expect(screen.getByText(m.verified)).toBeInTheDocument();
    expect(field(m.firstName)).toHaveValue('Asha');
    expect(field(m.firstName)).toHaveAttribute('readonly');
    expect(field(m.pan)).toHaveValue(PAN);
    expect(field(m.pan)).toHaveAttribute('readonly');
    await user.click(button(m.next));
    await heading(m.steps[1]);
    expect(server.onboard).not.toHaveBeenCalled();
  });
});

describe('/tutor/personal-details, resuming and sessions', () => {
  it('resumes the stored step', async () => {
    tutorServer.profile.mockResolvedValue(WITH_BANK);
    signIn(2);
    renderSignup();
    await heading(m.steps[1]);
  });

  it('never resumes past what the profile allows: stored 3 without a bank account opens step 2', async () => {
    tutorServer.profile.mockResolvedValue(PAN_VERIFIED);
    signIn(3);
    renderSignup();
    await heading(m.steps[1]);
    expect(storage.get('tutorOnboardingStep')).toBe(2);
  });

  it('a 401 opens the Session Expired dialog; Login goes to /tutor/login', async () => {
    server.onboard.mockRejectedValueOnce(http(401, messages.auth.invalidToken));
    await openStep1();
    const user = await fillStep1();
    await user.click(button(m.next));
    expect(await screen.findByText(messages.auth.sessionExpired)).toBeInTheDocument();
    await user.click(button(messages.auth.login));
    expect(await screen.findByText(LOGIN_PAGE)).toBeInTheDocument();
  });

  it('offline while loading the details: a message and Try again', async () => {
    tutorServer.profile.mockRejectedValueOnce({ kind: 'network' });
    signIn();
    renderSignup();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.generic.network);
    await userEvent.click(button(m.tryAgain));
    await heading(m.steps[0]);
  });
});
