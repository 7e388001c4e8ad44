// A new tutor through the real screens: /tutor/login (phone, terms, the OTP from the dev outbox),
// the three-step sign-up (personal details, bank account, Aadhaar) and the sandbox's KYC page;
// and, for journeys that start later, a tutor onboarded through the API alone.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { messages, PRODUCT_NAME } from '../../src/domain/messages';
import { NOTICE_VERSION } from '../../src/domain/privacy';
import { APPROVE_LABEL, FAIL_LABEL } from '../../sandbox/cashfree/kyc';
import { latestOtp, uniquePan, uniquePhone } from './sandbox';
import { noticeBox } from './student';

export interface NewTutor {
  phone: string;
  firstName: string;
  lastName: string;
  pan: string;
}

/** A fresh tutor: a phone and a PAN no other test uses (sandbox PAN test values never occur). */
export function newTutor(): NewTutor {
  return { phone: uniquePhone(), firstName: 'Kavya', lastName: 'Nair', pan: uniquePan() };
}

let accountCounter = 0;

/**
 * A bank account number the sandbox verifies: 12 digits ending 1000-9999, so never one of its
 * failure values (ending 0000-0004, README.md "Sandbox test values").
 */
export function goodAccountNumber(): string {
  accountCounter += 1;
  const tail = 1_000 + ((Date.now() + process.pid * 7 + accountCounter * 389) % 9_000);
  return `00123456${tail}`;
}

/** A valid IFSC that is not the sandbox's invalid one (ending 000000). */
export const GOOD_IFSC = 'HDFC0001234';

/** Sandbox test values: an account ending 0000 is an invalid account. */
export const INVALID_ACCOUNT = '001234560000';

export const tutorLogin = (page: Page) => ({
  heading: page.getByRole('heading', { name: messages.tutorLogin.title }),
  phone: page.getByRole('textbox', { name: messages.studentLogin.phoneLabel }),
  terms: page.getByRole('checkbox', { name: new RegExp(`^${messages.tutorLogin.termsLead}`) }),
  verify: page.getByRole('button', { name: messages.tutorLogin.verify, exact: true }),
  otp: page.getByRole('textbox', { name: messages.otp.label, exact: true }),
});

/** /tutor/login: the phone, the terms agreed, then Verify; the code step follows. */
export async function requestTutorOtp(page: Page, phone: string): Promise<void> {
  const login = tutorLogin(page);
  await expect(page).toHaveURL(/\/tutor\/login$/);
  await expect(login.heading).toBeVisible();
  await login.phone.fill(phone);
  await login.terms.check();
  await expect(login.verify).toBeEnabled();
  await login.verify.click();
  await expect(login.otp).toBeVisible();
}

/**
 * From /tutor/login: the phone, the terms, the OTP from the dev outbox (the field submits on its
 * fourth digit). Where the tutor lands is the caller's to check.
 */
export async function loginAsTutor(
  page: Page,
  request: APIRequestContext,
  phone: string,
): Promise<void> {
  await requestTutorOtp(page, phone);
  await tutorLogin(page).otp.fill(await latestOtp(request, phone));
  await expect(page).not.toHaveURL(/\/tutor\/login$/);
}

const SIGNUP_URL = /\/tutor\/personal-details$/;

/** The sign-up step on screen: its heading and the progress bar's 'Step N of 3'. */
export async function expectSignupStep(page: Page, step: 1 | 2 | 3): Promise<void> {
  await expect(page).toHaveURL(SIGNUP_URL);
  const heading = step === 3 ? messages.aadhaar.heading : messages.tutorSignup.steps[step - 1];
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(
    page.getByRole('list', { name: messages.tutorSignup.progress(step, 3) }),
  ).toBeVisible();
}

export const personalDetails = (page: Page) => {
  const m = messages.tutorSignup;
  return {
    firstName: page.getByRole('textbox', { name: m.firstName }),
    lastName: page.getByRole('textbox', { name: m.lastName }),
    pan: page.getByRole('textbox', { name: m.pan, exact: true }),
    next: page.getByRole('button', { name: m.next, exact: true }),
    notice: noticeBox(page),
  };
};

/** Step 1: names as on the PAN, the PAN and the notice agreed to, then Next; step 2 follows. */
export async function fillPersonalDetails(page: Page, tutor: NewTutor): Promise<void> {
  await expectSignupStep(page, 1);
  const form = personalDetails(page);
  await form.firstName.fill(tutor.firstName);
  await form.lastName.fill(tutor.lastName);
  await form.pan.fill(tutor.pan);
  await form.notice.check();
  await expect(form.next).toBeEnabled();
  await form.next.click();
  await expectSignupStep(page, 2);
}

export const bankForm = (page: Page) => {
  const m = messages.bank;
  return {
    accountNumber: page.getByRole('textbox', { name: m.accountNumber, exact: true }),
    confirm: page.getByRole('textbox', { name: m.confirmAccountNumber }),
    ifsc: page.getByRole('textbox', { name: m.ifsc, exact: true }),
    verify: page.getByRole('button', { name: m.verify, exact: true }),
    verified: page.getByRole('heading', { name: m.verifiedTitle }),
    failed: page.getByRole('heading', { name: m.failedTitle, exact: true }),
    tryAgain: page.getByRole('button', { name: m.tryAgain, exact: true }),
    verifyAadhaar: page.getByRole('button', { name: m.verifyAadhaar, exact: true }),
  };
};

/** Step 2: the account number twice and the IFSC, then Verify. The outcome is the caller's. */
export async function submitBankAccount(
  page: Page,
  accountNumber: string,
  ifsc = GOOD_IFSC,
): Promise<void> {
  const form = bankForm(page);
  await form.accountNumber.fill(accountNumber);
  await form.confirm.fill(accountNumber);
  await form.ifsc.fill(ifsc);
  await expect(form.verify).toBeEnabled();
  await form.verify.click();
}

/** Step 2 with a good account: 'Account Successfully verified.' and its next action. */
export async function verifyBankAccount(page: Page): Promise<void> {
  await submitBankAccount(page, goodAccountNumber());
  const form = bankForm(page);
  await expect(form.verified).toBeVisible();
  await expect(page.getByText(messages.bank.verifiedBody)).toBeVisible();
  await expect(form.verifyAadhaar).toBeVisible();
}

/**
 * A new tutor from /tutor/login up to the verified bank account (steps 1 and 2 done), ready to
 * press 'Verify Aadhaar'.
 */
export async function signUpToBankVerified(
  page: Page,
  request: APIRequestContext,
  tutor: NewTutor = newTutor(),
): Promise<NewTutor> {
  await page.goto('/tutor/login');
  await loginAsTutor(page, request, tutor.phone);
  await fillPersonalDetails(page, tutor);
  await verifyBankAccount(page);
  return tutor;
}

const KYC_URL = /\/sandbox\/cashfree\/kyc\/[^/?]+$/;
const AADHAAR_RETURN_URL = /\/tutor\/onboarding\/aadhar-redirect$/;

export const aadhaarStep = (page: Page) => ({
  verify: page.getByRole('button', { name: messages.aadhaar.verify, exact: true }),
  verifyAgain: page.getByRole('button', { name: messages.aadhaar.verifyAgain, exact: true }),
  failed: page.getByRole('heading', { name: messages.aadhaar.failed, exact: true }),
});

export type KycDecision = 'approve' | 'fail';

/**
 * On the sandbox's KYC page: 'Approve Aadhaar' or 'Fail Aadhaar'; the gateway sends the browser
 * back to the app's /tutor/onboarding/aadhar-redirect.
 */
export async function decideKycAtSandbox(page: Page, decision: KycDecision): Promise<void> {
  await expect(page).toHaveURL(KYC_URL);
  const label = decision === 'approve' ? APPROVE_LABEL : FAIL_LABEL;
  await page.getByRole('button', { name: label, exact: true }).click();
  await expect(page).not.toHaveURL(KYC_URL);
}

/** Back from an approved KYC: aadhar-redirect's congratulations (spec §2). */
export async function expectKycCongratulations(page: Page): Promise<void> {
  await expect(page).toHaveURL(AADHAAR_RETURN_URL);
  await expect(
    page.getByRole('heading', { level: 1, name: messages.aadhaar.congratulations }),
  ).toBeVisible();
  await expect(page.getByText(messages.aadhaar.startAccepting(PRODUCT_NAME))).toBeVisible();
}

/** /tutor/dashboard's heading: 'Hello, {first} {last}'. */
export function dashboardGreeting(page: Page, tutor: { firstName: string; lastName: string }) {
  return page.getByRole('heading', {
    level: 1,
    name: messages.tutorDashboard.greeting(`${tutor.firstName} ${tutor.lastName}`),
  });
}

// ---- Through the API alone (no screens), for journeys that start from a later state. ----

export interface ApiTutor extends NewTutor {
  token: string;
  userId: number;
}

async function ok<T>(
  response: Awaited<ReturnType<APIRequestContext['post']>>,
  what: string,
): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A tutor who has done everything in the API, as the screens would: OTP login, names and PAN,
 * a verified bank account, the gateway's KYC started and approved on the sandbox's KYC page.
 */
export async function onboardedTutorByApi(request: APIRequestContext): Promise<ApiTutor> {
  const tutor = newTutor();
  await ok(
    await request.post('/api/v1/auth/generate-otp/', {
      data: { phone: tutor.phone, role: 'teacher' },
    }),
    'generate-otp',
  );
  const otp = await latestOtp(request, tutor.phone);
  const session = await ok<{ access_token: string; id: number }>(
    await request.post('/api/v1/auth/validate-otp/', {
      data: { phone: tutor.phone, otp, role: 'teacher' },
    }),
    'validate-otp',
  );
  const headers = { Authorization: `Bearer ${session.access_token}` };
  await ok(
    await request.post('/api/v1/user/onboarding/', {
      headers,
      data: {
        phone: tutor.phone,
        first_name: tutor.firstName,
        last_name: tutor.lastName,
        pan: tutor.pan,
        // D319: as the form sends it once the notice's box is ticked.
        notice_version: NOTICE_VERSION,
      },
    }),
    'user/onboarding',
  );
  await ok(
    await request.post('/api/v1/user/accounts/add/', {
      headers,
      data: { account_number: goodAccountNumber(), ifsc: GOOD_IFSC },
    }),
    'user/accounts/add',
  );
  const { onboarding_link: link } = await ok<{ onboarding_link: string }>(
    await request.post('/api/v1/payments/pg/onboarding/', {
      headers,
      data: { user_id: session.id },
    }),
    'payments/pg/onboarding',
  );
  // The KYC page's own form post; its 303 back to the app is not followed.
  const decided = await request.post(link, {
    form: { decision: 'approve' },
    maxRedirects: 0,
  });
  expect(decided.status()).toBe(303);
  // The server learns the decision by re-reading the gateway (or from its webhook).
  await ok(
    await request.get(`/api/v1/payments/pg/onboarding/${session.id}/`, { headers }),
    'payments/pg/onboarding/{id}',
  );
  return { ...tutor, token: session.access_token, userId: session.id };
}

/** Leaves the API tutor's session in the browser as a login would (spec §3 keys). */
export async function useTutorSession(
  page: Page,
  tutor: Pick<ApiTutor, 'token' | 'userId' | 'phone'>,
): Promise<void> {
  await page.goto('/tutor/login');
  await page.evaluate(
    ({ token, userId, phone }) => {
      localStorage.setItem('access-token', token);
      localStorage.setItem('userId', userId);
      localStorage.setItem('phoneNumber', phone);
      localStorage.setItem('tutorLogin', 'true');
    },
    { token: tutor.token, userId: String(tutor.userId), phone: tutor.phone },
  );
}
