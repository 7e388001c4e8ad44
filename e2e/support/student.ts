// A new student through the real screens: /student/login (phone, the OTP from the dev outbox,
// the success drawer) and /student/signup (names as on the PAN, the PAN, and the privacy notice's
// box, D319).
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { messages } from '../../src/domain/messages';
import { privacyTexts } from '../../src/domain/privacyTexts';
import { latestOtp, uniquePan, uniquePhone } from './sandbox';

export interface NewStudent {
  phone: string;
  firstName: string;
  lastName: string;
  pan: string;
}

/** A fresh student: a phone and a PAN no other test uses. */
export function newStudent(): NewStudent {
  return { phone: uniquePhone(), firstName: 'Meera', lastName: 'Iyer', pan: uniquePan() };
}

export const studentLogin = (page: Page) => ({
  phone: page.getByRole('textbox', { name: messages.studentLogin.phoneLabel }),
  submit: page.getByRole('button', { name: messages.studentLogin.submit, exact: true }),
  otp: page.getByRole('textbox', { name: messages.otp.label, exact: true }),
  verify: page.getByRole('button', { name: messages.otp.verify, exact: true }),
});

/**
 * Waits until /student/login's machine has started (the page fetches the OTP step's chunk
 * right after), so a journey's Submit is not pressed while it is still disabled. Typing before
 * then is safe: 'no keystroke is lost' in student-login.spec.ts types at once.
 */
export async function waitForLoginMachine(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        performance
          .getEntriesByType('resource')
          .some((entry) => /\/StudentLoginSteps[^/]*\.(js|tsx)(\?|$)/.test(entry.name)),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => {
      throw new Error('The student login never fetched its OTP step (StudentLoginSteps chunk)');
    });
}

/** Types the phone on /student/login and submits it; the OTP step follows. */
export async function requestOtp(page: Page, phone: string): Promise<void> {
  const login = studentLogin(page);
  await expect(page).toHaveURL(/\/student\/login$/);
  await waitForLoginMachine(page);
  await login.phone.fill(phone);
  await expect(login.submit).toBeEnabled();
  await login.submit.click();
  await expect(login.otp).toBeVisible();
}

/** Types the code; the OTP screen submits by itself on the fourth digit (spec §4). */
export async function enterOtp(page: Page, code: string): Promise<void> {
  await studentLogin(page).otp.fill(code);
}

/**
 * From /student/login: the student's phone, the OTP from the dev outbox, then 'Continue' in
 * the 'Login Successful' drawer of a student with no PAN yet. Ends on /student/signup.
 */
export async function loginAsNewStudent(
  page: Page,
  request: APIRequestContext,
  student: NewStudent = newStudent(),
): Promise<NewStudent> {
  await requestOtp(page, student.phone);
  await enterOtp(page, await latestOtp(request, student.phone));
  const drawer = page.getByRole('dialog', { name: messages.studentLogin.loginSuccessfulTitle });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(messages.studentLogin.loginSuccessfulBody)).toBeVisible();
  await drawer.getByRole('button', { name: messages.studentLogin.continue }).click();
  await expect(page).toHaveURL(/\/student\/signup$/);
  return student;
}

/**
 * Spec §2: the login card's side panel shows whom the student is paying; issue 13: with the
 * 'KYC verified' mark when the static link knew the gateway approved the tutor (D65).
 */
export async function expectPayingToPanel(
  page: Page,
  name: string,
  amount: string,
  verified: boolean,
) {
  const panel = page.getByRole('region', { name: messages.studentLogin.payingTo });
  await expect(panel.getByText(name, { exact: true })).toBeVisible();
  await expect(panel.getByText(amount, { exact: true })).toBeVisible();
  await expect(panel.getByText(messages.trust.verified)).toHaveCount(verified ? 1 : 0);
}

export const signupForm = (page: Page) => ({
  firstName: page.getByRole('textbox', { name: messages.studentSignup.firstName }),
  lastName: page.getByRole('textbox', { name: messages.studentSignup.lastName }),
  pan: page.getByRole('textbox', { name: messages.studentSignup.pan, exact: true }),
  submit: page.getByRole('button', { name: messages.studentSignup.submit, exact: true }),
  notice: noticeBox(page),
});

/** D319: the privacy notice's box on a sign-up form (it loads just after the form). */
export const noticeBox = (page: Page) =>
  page.getByRole('checkbox', { name: privacyTexts.notice.agree });

/** /student/signup: names as on the PAN, the PAN, the notice agreed to, then 'Continue'. */
export async function signUp(page: Page, student: NewStudent): Promise<void> {
  const form = signupForm(page);
  await form.firstName.fill(student.firstName);
  await form.lastName.fill(student.lastName);
  await form.pan.fill(student.pan);
  await form.notice.check();
  await expect(form.submit).toBeEnabled();
  await form.submit.click();
  await expect(page).not.toHaveURL(/\/student\/signup$/);
}

/**
 * A fresh student logged in and signed up through the UI on the default flow (D3: the student
 * dashboard), ready to pay by phone.
 */
export async function newSignedUpStudent(
  page: Page,
  request: APIRequestContext,
): Promise<NewStudent> {
  await page.goto('/student/login');
  const student = await loginAsNewStudent(page, request);
  await signUp(page, student);
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  return student;
}
