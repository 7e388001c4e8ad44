// /student/login through the app's routes, with the real machines and storage and a fake
// server (authFakes): spec §2, §4 Student login and OTP screen, §5, §8; D2, D3, D14.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../src/browser/storage';
import { OTP_VALIDITY_MS } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import { renderRoute } from '../support/renderRoute';
import { http, LINK, NEW_STUDENT, resetServer, server } from './authFakes';

vi.mock('../../src/api/actors/auth', () => import('./authFakes'));

beforeEach(resetServer);
afterEach(() => {
  vi.useRealTimers();
});

const m = messages.studentLogin;

async function openLogin() {
  const view = renderRoute('/student/login');
  const phone = await screen.findByLabelText(m.phoneLabel);
  const submit = screen.getByRole('button', { name: m.submit });
  return { ...view, phone, submit };
}

/** Phone, Submit, the code step. */
async function toCodeStep(user = userEvent.setup()) {
  const page = await openLogin();
  await user.type(page.phone, '9876543210');
  await waitFor(() => expect(page.submit).toBeEnabled());
  await user.click(page.submit);
  const otp = await screen.findByLabelText(messages.otp.label);
  return { ...page, otp, user };
}

/** …through a correct code to the success drawer. */
async function toDrawer(user = userEvent.setup()) {
  const page = await toCodeStep(user);
  await user.type(page.otp, '1234');
  const drawer = await screen.findByRole('dialog');
  return { ...page, drawer };
}

describe('/student/login: the phone step', () => {
  it('shows the headline, the two lines and the consent links', async () => {
    await openLogin();
    expect(screen.getByRole('heading', { level: 1, name: m.title })).toBeInTheDocument();
    expect(screen.getByText(m.headline)).toBeInTheDocument();
    expect(screen.getByText('credit card at 1%*')).toBeInTheDocument();
    expect(screen.getByText('UPI free')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.footer.termsOfUse })).toHaveAttribute(
      'href',
      '/terms-of-use',
    );
    expect(screen.getByRole('link', { name: messages.footer.privacyPolicy })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
  });

  it('takes digits only, at most 10; Submit stays disabled unless the number is valid', async () => {
    const user = userEvent.setup();
    const { phone, submit } = await openLogin();
    expect(phone).toHaveAttribute('inputmode', 'numeric');
    expect(phone).toHaveAttribute('autocomplete', 'tel');
    expect(submit).toBeDisabled();
    await user.type(phone, '98765');
    await waitFor(() => expect(phone).toHaveValue('98765'));
    expect(submit).toBeDisabled();
    expect(screen.queryByText('Enter valid phone number')).not.toBeInTheDocument();

    await user.clear(phone);
    await user.type(phone, '12a34567890123');
    await waitFor(() => expect(phone).toHaveValue('1234567890'));
    expect(screen.getByText('Enter valid phone number')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(phone);
    await user.type(phone, '9876543210');
    await waitFor(() => expect(submit).toBeEnabled());
    expect(screen.queryByText('Enter valid phone number')).not.toBeInTheDocument();
  });

  it("an OTP request failure shows the server's message", async () => {
    server.generateOtp.mockRejectedValue(http(429, messages.otp.tooManyRequests));
    const user = userEvent.setup();
    const { phone, submit } = await openLogin();
    await user.type(phone, '9876543210');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.otp.tooManyRequests);
    expect(server.generateOtp).toHaveBeenCalledWith({ phone: '9876543210', role: 'student' });
  });

  it("without a message, D2's 'Something went wrong. Please try again!'", async () => {
    server.generateOtp.mockRejectedValue(http(500));
    const user = userEvent.setup();
    const { phone, submit } = await openLogin();
    await user.type(phone, '9876543210');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again!',
    );
  });

  it("a teacher's phone shows 'This user is already registered as a teacher' and the tutor login link (D14)", async () => {
    server.generateOtp.mockRejectedValue(http(400, messages.roles.serverMismatch));
    const user = userEvent.setup();
    const { phone, submit, router } = await openLogin();
    await user.type(phone, '9876543210');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This user is already registered as a teacher');
    const link = within(alert).getByRole('link', { name: 'Login as a teacher instead?' });
    expect(link).toHaveAttribute('href', '/tutor/login');
    await user.click(link);
    await waitFor(() => expect(router.location.pathname).toBe('/tutor/login'));
  });
});

describe('/student/login: the code step', () => {
  it('submits the 4th digit by itself; a wrong code shows the message and clears the field', async () => {
    server.validateOtp.mockRejectedValue(http(400, messages.otp.incorrect));
    const { otp, user } = await toCodeStep();
    expect(otp).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByText(messages.otp.enterCode('9876543210'))).toBeInTheDocument();
    await user.type(otp, '1234');
    expect(await screen.findByText('Incorrect OTP. Please retry.')).toBeInTheDocument();
    expect(server.validateOtp).toHaveBeenCalledWith({
      phone: '9876543210',
      otp: '1234',
      role: 'student',
    });
    expect(otp).toHaveValue('');
  });

  it("'Change phone number' goes back to the phone step with the number kept", async () => {
    const { user } = await toCodeStep();
    await user.click(screen.getByRole('button', { name: messages.otp.changePhone }));
    expect(await screen.findByLabelText(m.phoneLabel)).toHaveValue('9876543210');
  });

  it('Resend is disabled with the seconds left, and enabled after 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await toCodeStep(user);
    const resend = () => screen.getByRole('button', { name: /^Resend OTP/ });
    expect(resend()).toBeDisabled();
    expect(resend()).toHaveTextContent(/^Resend OTP in (30|29)s$/);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(resend()).toHaveTextContent(/^Resend OTP in (27|26)s$/);
    expect(resend()).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(27_000));
    expect(resend()).toHaveTextContent(/^Resend OTP$/);
    expect(resend()).toBeEnabled();
    await user.click(resend());
    await waitFor(() => expect(server.generateOtp).toHaveBeenCalledTimes(2));
    expect(await screen.findByText(messages.otp.sent)).toBeInTheDocument();
    expect(resend()).toBeDisabled();
  });
});

describe('/student/login: a reload on the code step (issue 13, D128)', () => {
  it('comes back to the code step for the same phone, Resend waiting what is left', async () => {
    const user = userEvent.setup();
    await toCodeStep(user);
    // The page goes away (a reload) 10 s after the code was sent, and comes back.
    const sent = storage.get('codeSentTo');
    expect(sent).toMatchObject({ role: 'student', phone: '9876543210', resendAfter: 30 });
    storage.set('codeSentTo', { ...sent!, at: Date.now() - 10_000 });
    cleanup();
    renderRoute('/student/login');
    const otp = await screen.findByLabelText(messages.otp.label);
    expect(screen.getByText(messages.otp.enterCode('9876543210'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Resend OTP/ })).toHaveTextContent(
      /^Resend OTP in (20|19)s$/,
    );
    await user.type(otp, '1234');
    expect(await screen.findByRole('dialog')).toBeInTheDocument(); // logged in
    expect(server.generateOtp).toHaveBeenCalledTimes(1); // no second code was sent
    expect(storage.get('codeSentTo')).toBeNull();
  });

  it('a code older than its validity is forgotten: the phone step opens', async () => {
    storage.set('codeSentTo', {
      role: 'student',
      phone: '9876543210',
      at: Date.now() - OTP_VALIDITY_MS,
      resendAfter: 30,
    });
    const page = await openLogin();
    await userEvent.type(page.phone, '9876543210');
    await waitFor(() => expect(page.submit).toBeEnabled()); // the machine runs, on this step
    expect(screen.queryByLabelText(messages.otp.label)).not.toBeInTheDocument();
  });

  it("'Change phone number' forgets the code: a reload then opens the phone step", async () => {
    const { user } = await toCodeStep();
    await user.click(screen.getByRole('button', { name: messages.otp.changePhone }));
    await screen.findByLabelText(m.phoneLabel);
    expect(storage.get('codeSentTo')).toBeNull();
  });
});

describe('/student/login: after the code', () => {
  it("a returning student: 'Welcome Back'; the session is stored", async () => {
    const { drawer } = await toDrawer();
    expect(within(drawer).getByText('Welcome Back')).toBeInTheDocument();
    expect(within(drawer).getByText('Start making your tuition payments now')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(storage.get('access-token')).toBe('tok_test_1');
    expect(storage.get('userId')).toBe('42');
    expect(storage.get('studentLogin')).toBe(true);
  });

  it("a new student: 'Login Successful'; Continue goes to /student/signup", async () => {
    server.getMe.mockResolvedValue(NEW_STUDENT);
    const { drawer, user, router } = await toDrawer();
    expect(within(drawer).getByText('Login Successful')).toBeInTheDocument();
    expect(
      within(drawer).getByText('Complete your onboarding to start making payments'),
    ).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.location.pathname).toBe('/student/signup'));
    expect(router.navigationType).toBe('REPLACE');
  });

  it('an error fetching the user goes to /student/signup', async () => {
    server.getMe.mockRejectedValue(http(500));
    const { otp, user, router } = await toCodeStep();
    await user.type(otp, '1234');
    await waitFor(() => expect(router.location.pathname).toBe('/student/signup'));
  });
});

describe('/student/login: Continue goes back into the flow', () => {
  async function continueFrom(
    flow: Parameters<typeof storage.set<'activeFlow'>>[1],
    url: string,
    query = '',
  ) {
    storage.set('activeFlow', flow);
    storage.set('activeFlowUrl', url);
    storage.set('activeFlowQuery', query);
    const { drawer, user, router } = await toDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Continue' }));
    return router;
  }

  it('pay-tuition-fees: /pay/payment-details', async () => {
    const router = await continueFrom('payTuitionFeesFlow', '/pay-tuition-fees');
    await waitFor(() => expect(router.location.pathname).toBe('/pay/payment-details'));
  });

  it('static link: the tutor is looked up and the student is back on the link, with its query', async () => {
    const router = await continueFrom('StaticLinkFlow', '/static-link/asha-verma', '?book=1');
    await waitFor(() => expect(router.location.pathname).toBe('/static-link/asha-verma'));
    expect(router.location.search).toBe('?book=1');
    expect(server.searchTutor).toHaveBeenCalledWith('asha-verma');
    expect(storage.get('activePaymentTutorName')).toBe('Asha Verma');
  });

  it('static link of an unknown tutor: /page-not-found', async () => {
    server.searchTutor.mockResolvedValue([]);
    const router = await continueFrom('StaticLinkFlow', '/static-link/nobody');
    await waitFor(() => expect(router.location.pathname).toBe('/page-not-found'));
  });

  it('dynamic link: the link is stored and the student goes to /pay/review', async () => {
    const router = await continueFrom('DynamicLinkFlow', `/payment-link/${LINK.id}`);
    await waitFor(() => expect(router.location.pathname).toBe('/pay/review'));
    expect(storage.get('linkId')).toBe(LINK.id);
    expect(storage.get('activePaymentAmount')).toBe(300000);
    expect(storage.get('activePaymentTutorName')).toBe('Asha Verma');
    expect(storage.get('tutorPhone')).toBe('9123456780');
    expect(storage.get('activePaymentTutorId')).toBe('7');
  });

  it('dynamic link whose payee has no gateway onboarding: /page-not-found', async () => {
    server.getPayee.mockResolvedValue({ pg_onboarding_status: [] });
    const router = await continueFrom('DynamicLinkFlow', `/payment-link/${LINK.id}`);
    await waitFor(() => expect(router.location.pathname).toBe('/page-not-found'));
  });

  it('default flow: /student/dashboard (D3)', async () => {
    const router = await continueFrom('defaultFlow', '/tutors');
    await waitFor(() => expect(router.location.pathname).toBe('/student/dashboard'));
  });

  it('offline on the way: a message in the drawer, and Continue tries again', async () => {
    server.searchTutor.mockRejectedValueOnce({ kind: 'network' });
    const router = await continueFrom('StaticLinkFlow', '/static-link/asha-verma');
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.generic.network);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.location.pathname).toBe('/static-link/asha-verma'));
  });
});

describe('/student/login: desktop side panel', () => {
  it('shows the payee of a link flow: name, phone and amount', async () => {
    storage.set('activeFlow', 'StaticLinkFlow');
    storage.set('activePaymentTutorName', 'Asha Verma');
    storage.set('tutorPhone', '9123456780');
    storage.set('activePaymentAmount', 250000);
    await openLogin();
    const panel = await screen.findByRole('region', { name: m.payingTo });
    expect(within(panel).getByText('Asha Verma')).toBeInTheDocument();
    expect(within(panel).getByText('9123456780')).toBeInTheDocument();
    expect(within(panel).getByText('₹2,500.00')).toBeInTheDocument();
    expect(within(panel).getByText('AV')).toBeInTheDocument();
    // Only the static link, which knows the gateway approved the tutor's KYC, stores the mark.
    expect(within(panel).queryByText(messages.trust.verified)).not.toBeInTheDocument();
  });

  it("marks a payee the gateway approved as 'KYC verified' (D65)", async () => {
    storage.set('activeFlow', 'StaticLinkFlow');
    storage.set('activePaymentTutorName', 'Asha Verma');
    storage.set('activePaymentTutorVerified', true);
    await openLogin();
    const panel = await screen.findByRole('region', { name: m.payingTo });
    expect(within(panel).getByText(messages.trust.verified)).toBeInTheDocument();
  });

  it('shows nothing of the kind outside a link flow', async () => {
    storage.set('activeFlow', 'payTuitionFeesFlow');
    storage.set('activePaymentTutorName', 'Asha Verma');
    await openLogin();
    await waitFor(() => expect(screen.getByRole('button', { name: m.submit })).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: m.payingTo })).not.toBeInTheDocument();
  });
});
