// Issue 4: a tutor signs up and passes KYC. Login with terms and OTP, personal details with PAN,
// the bank account's penny drop (and its failure), Aadhaar through the sandbox's KYC page
// (approved, or failed then approved), the countdown to the dashboard, and a student paying the
// new tutor by their static link; resuming sign-up after leaving, the session ending mid-way,
// and a student's phone on the tutor login (D14).
import './support/texts';
import { expect, test, type Page } from '@playwright/test';
import { dashboardTexts } from '../src/domain/dashboardTexts';
import { messages, PRODUCT_NAME } from '../src/domain/messages';
import { apiMessages } from '../src/domain/apiMessages';
import { DEMO_PHONES } from '../src/server/demo';
import {
  countdownPattern,
  escapeRegExp,
  expectCountingDown,
  expectOnReview,
  expectRedirectCountdown,
  expectReviewPayee,
  expectStatus,
  payAtSandbox,
  review,
} from './support/checkout';
import { latestOtp, outbox } from './support/sandbox';
import { expectPayingToPanel, loginAsNewStudent, signUp } from './support/student';
import {
  aadhaarStep,
  bankForm,
  dashboardGreeting,
  decideKycAtSandbox,
  expectKycCongratulations,
  expectSignupStep,
  fillPersonalDetails,
  INVALID_ACCOUNT,
  loginAsTutor,
  newTutor,
  onboardedTutorByApi,
  requestTutorOtp,
  signUpToBankVerified,
  submitBankAccount,
  goodAccountNumber,
  tutorLogin,
  useTutorSession,
  verifyBankAccount,
} from './support/tutor';

/** tutor/aadhar-verification counts down from 5 by itself, then the dashboard (spec §2). */
async function expectCountdownToDashboard(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/tutor\/aadhar-verification$/);
  await expectCountingDown(page, countdownPattern(messages.aadhaar.dashboardIn), 5);
  await expect(page).toHaveURL(/\/tutor\/dashboard$/, { timeout: 10_000 });
}

test('a new tutor signs up, passes Aadhaar KYC and is paid through their static link', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tutor = newTutor();
  const tutorName = `${tutor.firstName} ${tutor.lastName}`;

  await test.step('login, personal details and a verified bank account', async () => {
    await signUpToBankVerified(page, request, tutor);
  });

  await test.step('Aadhaar at the gateway, approved', async () => {
    await bankForm(page).verifyAadhaar.click();
    await expectSignupStep(page, 3);
    await expect(page.getByText(messages.aadhaar.limit)).toBeVisible();
    await aadhaarStep(page).verify.click();
    await decideKycAtSandbox(page, 'approve');
    await expectKycCongratulations(page);
  });

  await test.step('Continue, the countdown, the dashboard with its dialog once', async () => {
    await page.getByRole('button', { name: messages.aadhaar.continue, exact: true }).click();
    await expectCountdownToDashboard(page);
    const dialog = page.getByRole('dialog', { name: messages.aadhaar.congratulations });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(messages.aadhaar.startAccepting(PRODUCT_NAME))).toBeVisible();
    await dialog.getByRole('button', { name: messages.tutorDashboard.ok }).click();
    await expect(dialog).toBeHidden();
    await expect(dashboardGreeting(page, tutor)).toBeVisible();

    await page.reload();
    await expect(dashboardGreeting(page, tutor)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  const staticLink = await test.step('the dashboard gives the static link', async () => {
    const kyc = page.getByRole('region', { name: messages.tutorDashboard.kycTitle });
    await expect(kyc.getByText(messages.aadhaar.startAccepting(PRODUCT_NAME))).toBeVisible();
    // The links live in the Share tab, open first, once (issue 13).
    const share = page.getByRole('tabpanel', { name: dashboardTexts.tutor.share.tab });
    const link = share.getByRole('code').filter({ hasText: /\/static-link\/[a-z0-9-]+$/ });
    await expect(link).toBeVisible();
    await expect(kyc.getByText(/\/static-link\//)).toHaveCount(0);
    const url = new URL((await link.textContent()) ?? '');
    // Logout: a student pays on this browser next.
    await page.getByRole('button', { name: messages.tutorDashboard.logout }).click();
    await expect(page).toHaveURL(/\/tutor\/login$/);
    return url.pathname;
  });

  await test.step('a new student pays the tutor through it', async () => {
    await page.goto(staticLink);
    await expect(page.getByRole('heading', { name: messages.staticLink.title })).toBeVisible();
    await expect(page.getByText(messages.staticLink.amountHelper(tutorName))).toBeVisible();
    const amount = page.getByRole('textbox', { name: messages.staticLink.amountLabel });
    const proceed = page.getByRole('button', { name: messages.staticLink.proceed });
    await amount.fill('2500');
    await proceed.click();

    await expect(page).toHaveURL(/\/student\/login$/);
    if (test.info().project.name === 'desktop') {
      await expectPayingToPanel(page, tutorName, '₹2,500.00', true);
    }
    const student = await loginAsNewStudent(page, request);
    await signUp(page, student);
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(staticLink)}$`));
    await expect(amount).toHaveValue('2500');
    await proceed.click();

    await expectOnReview(page);
    await expectReviewPayee(page, { name: tutorName, phone: tutor.phone, amount: '₹2,500.00' });
    await review(page).card.check();
    await review(page).proceed.click();
    await payAtSandbox(page, 'success', 'card');
    await expectRedirectCountdown(page);
    await expectStatus(page, messages.status.sent);
  });
});

test('a bank account the bank refuses shows why, and Try Again takes another', async ({
  page,
  request,
}) => {
  const tutor = newTutor();
  await page.goto('/tutor/login');
  await loginAsTutor(page, request, tutor.phone);
  await fillPersonalDetails(page, tutor);

  const form = bankForm(page);
  await submitBankAccount(page, INVALID_ACCOUNT);
  await expect(form.failed).toBeVisible();
  // One alert, in the error colour: the title, the bank's reason and what to do (issue 13).
  await expect(page.getByRole('alert')).toContainText(apiMessages.accounts.invalidAccount);
  await expect(page.getByText(messages.bank.failedBody, { exact: true })).toBeVisible();
  await expect(form.verified).toHaveCount(0);

  await form.tryAgain.click();
  await expect(form.accountNumber).toBeVisible();
  await expectSignupStep(page, 2);
  await verifyBankAccount(page);
  await expect(form.failed).toHaveCount(0);
});

test('an Aadhaar KYC the gateway fails can be verified again', async ({ page, request }) => {
  await signUpToBankVerified(page, request);
  await bankForm(page).verifyAadhaar.click();
  await expectSignupStep(page, 3);
  const aadhaar = aadhaarStep(page);
  await aadhaar.verify.click();
  await decideKycAtSandbox(page, 'fail');

  // Back in the app, on the Aadhaar step with the failed panel (D4).
  await expectSignupStep(page, 3);
  await expect(aadhaar.failed).toBeVisible();
  await expect(page.getByText(messages.aadhaar.contactUs, { exact: true })).toBeVisible();
  await expect(aadhaar.verify).toHaveCount(0);

  await aadhaar.verifyAgain.click();
  await decideKycAtSandbox(page, 'approve');
  await expectKycCongratulations(page);
});

test('a tutor who leaves after the bank account resumes at the Aadhaar step', async ({
  page,
  request,
}) => {
  // The second login waits out the first code's 30 s resend cooldown (D12), as a tutor would.
  test.setTimeout(120_000);
  const tutor = await signUpToBankVerified(page, request);

  await test.step('leave: nothing of the session stays in the browser', async () => {
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.goto('/tutor/login');
  });

  await test.step('log in again: the code step waits for the cooldown, then Resend', async () => {
    await requestTutorOtp(page, tutor.phone);
    const resend = page.getByRole('button', { name: messages.otp.resend, exact: true });
    await expect(resend).toBeEnabled({ timeout: 40_000 });
    const before = (await outbox(request, tutor.phone)).length;
    await resend.click();
    await tutorLogin(page).otp.fill(await latestOtp(request, tutor.phone, before));
  });

  await expectSignupStep(page, 3);
  await expect(aadhaarStep(page).verify).toBeVisible();
});

test('a tutor who finished onboarding is sent from sign-up to the dashboard', async ({
  page,
  request,
}) => {
  const tutor = await onboardedTutorByApi(request);
  await useTutorSession(page, tutor);

  await page.goto('/tutor/personal-details');
  await expect(page).toHaveURL(/\/tutor\/dashboard$/);
  await expect(dashboardGreeting(page, tutor)).toBeVisible();
  await expect(page.getByRole('heading', { name: messages.tutorSignup.steps[0] })).toHaveCount(0);
});

test('a session that ends during sign-up asks to log in again', async ({ page, request }) => {
  const tutor = newTutor();
  await page.goto('/tutor/login');
  await loginAsTutor(page, request, tutor.phone);
  await fillPersonalDetails(page, tutor);

  // The token goes (spec §3 key 'access-token'); the bank account's call is refused.
  await page.evaluate(() => localStorage.removeItem('access-token'));
  await submitBankAccount(page, goodAccountNumber());

  const dialog = page.getByRole('dialog', { name: messages.auth.sessionExpired });
  await expect(dialog).toBeVisible();
  await expect(bankForm(page).verified).toHaveCount(0);
  // Non-dismissable: Escape leaves it open.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: messages.auth.login, exact: true }).click();
  await expect(page).toHaveURL(/\/tutor\/login$/);
  await expect(tutorLogin(page).heading).toBeVisible();
});

test("a student's phone on the tutor login points to the student login", async ({
  page,
  request,
}) => {
  const phone = DEMO_PHONES.student;
  const smsBefore = (await outbox(request, phone)).length;

  await page.goto('/tutor/login');
  const login = tutorLogin(page);
  await login.phone.fill(phone);
  await login.terms.check();
  await login.verify.click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText(messages.roles.alreadyStudent);
  const studentLogin = alert.getByRole('link', { name: messages.roles.loginAsStudent });
  await expect(studentLogin).toHaveAttribute('href', '/student/login');
  await expect(login.otp).toHaveCount(0);
  // No OTP was sent to the student's phone.
  expect((await outbox(request, phone)).length).toBe(smsBefore);

  await studentLogin.click();
  await expect(page).toHaveURL(/\/student\/login$/);
});
