// Issue 15: a parent whose browser speaks Hindi pays a tutor from the tutor's static link to
// the receipt, every screen and the PDF in Hindi; the switch then turns the screens English.
// The shared helpers read their words from the text modules, which this file switches to Hindi
// in the test process too, so each step is checked against the Hindi catalog.
import './support/texts';
import { expect, test } from '@playwright/test';
import { apiMessages } from '../src/domain/apiMessages';
import '../src/domain/dashboardTexts';
import { setActiveLocale } from '../src/domain/texts';
import { messages } from '../src/domain/messages';
import { DEMO_USERNAMES } from '../src/server/demo';
import { pdfLines } from '../tests/support/pdf';
import {
  expectOnReview,
  expectRedirectCountdown,
  expectStatus,
  orderIdOf,
  payAtSandbox,
  review,
} from './support/checkout';
import { expectNoViolations } from './support/axe';
import { downloadPdf } from './support/dashboards';
import { publicTutor } from './support/sandbox';
import { enterOtp, loginAsNewStudent, newStudent, requestOtp, signUp } from './support/student';
import { latestOtp } from './support/sandbox';

test.use({ locale: 'hi-IN' });
test.beforeAll(() => setActiveLocale('hi'));
test.afterAll(() => setActiveLocale('en'));

const tutorUsername = DEMO_USERNAMES.onboardedTutor;

test('a parent pays from the static link to the receipt in Hindi', async ({ page, request }) => {
  const tutor = await publicTutor(request, tutorUsername);
  await page.goto(`/static-link/${tutorUsername}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.getByRole('heading', { name: messages.staticLink.title })).toBeVisible();
  await expect(page.getByText(messages.staticLink.amountHelper(tutor.name))).toBeVisible();
  await expectNoViolations(page, 'static link in Hindi');
  await page.getByRole('textbox', { name: messages.staticLink.amountLabel }).fill('1500');
  await page.getByRole('button', { name: messages.staticLink.proceed }).click();

  await expect(page).toHaveURL(/\/student\/login$/);
  const student = await loginAsNewStudent(page, request);
  await signUp(page, student);
  await expect(page).toHaveURL(new RegExp(`/static-link/${tutorUsername}$`));
  await page.getByRole('button', { name: messages.staticLink.proceed }).click();
  await expectOnReview(page);

  const screen = review(page);
  await expectNoViolations(page, 'review in Hindi');
  await screen.upi.check();
  await screen.proceed.click();
  await payAtSandbox(page, 'success', 'upi');
  await expectRedirectCountdown(page);
  await expectStatus(page, messages.status.sent);
  const orderId = orderIdOf(page);
  await expect(page.getByText(messages.status.sentBody('₹1,500.00', tutor.name))).toBeVisible();

  await page.getByRole('link', { name: messages.status.viewReceipt }).click();
  await expect(page).toHaveURL(new RegExp(`/student/receipts/${orderId}$`));
  const a = apiMessages.receipts;
  const sheet = page.getByRole('region', { name: a.title });
  await expect(sheet.getByText(a.total, { exact: true })).toBeVisible();
  await expect(
    sheet.getByText(apiMessages.paymentHistory.methodUpi, { exact: true }),
  ).toBeVisible();

  await expectNoViolations(page, 'receipt in Hindi');

  // The PDF is in Hindi too: its labels, the amount in ₹ and the date's month in Hindi.
  const { pdf } = await downloadPdf(page, page);
  const lines = pdfLines(pdf);
  expect(lines).toContain(`${a.receiptNumber} | ${orderId}`);
  expect(lines).toContain(`${a.total} | ₹1,500.00`);
  expect(lines).toContain(`${a.method} | ${apiMessages.paymentHistory.methodUpi}`);
  expect(lines.find((line) => line.startsWith(a.paidAt))).toMatch(
    /(जनवरी|फ़रवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|अक्तूबर|अक्टूबर|नवंबर|दिसंबर)/,
  );
});

test('the switch turns the screens English, and the choice outlives a reload', async ({ page }) => {
  await page.goto(`/static-link/${tutorUsername}`);
  await expect(page.getByRole('heading', { name: messages.staticLink.title })).toBeVisible();
  await setActiveLocale('en');
  const english = messages.staticLink.title;
  await setActiveLocale('hi');

  const languages = page.getByRole('navigation', { name: 'Language / भाषा' });
  await expect(languages.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await languages.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: english })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await page.reload();
  await expect(page.getByRole('heading', { name: english })).toBeVisible();
  await expect(languages.getByRole('button', { name: 'English' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test.describe('on a phone whose browser speaks English', () => {
  test.use({ locale: 'en-IN' });

  test('a parent who used the app in Hindi logs in and gets it in Hindi (D162)', async ({
    page,
    request,
  }) => {
    // Their first phone: a login and a call in Hindi put Hindi on their profile.
    const { phone } = newStudent();
    const sent = await request.post('/api/v1/auth/generate-otp/', {
      data: { phone, role: 'student' },
    });
    expect(sent.status()).toBe(200);
    const { resend_after: wait } = (await sent.json()) as { resend_after: number };
    const session = await request.post('/api/v1/auth/validate-otp/', {
      data: { phone, otp: await latestOtp(request, phone), role: 'student' },
    });
    const { access_token: token } = (await session.json()) as { access_token: string };
    const me = await request.get('/api/v1/user/me/', {
      headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'hi-IN' },
    });
    expect(me.status()).toBe(200);

    // A new phone in English, once a second code may be sent.
    await setActiveLocale('en');
    await page.goto('/student/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
    await page.waitForTimeout((wait + 1) * 1000);
    await requestOtp(page, phone);
    const code = await latestOtp(request, phone, 1);
    await enterOtp(page, code);
    await setActiveLocale('hi');

    const drawer = page.getByRole('dialog', { name: messages.studentLogin.loginSuccessfulTitle });
    await expect(drawer).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    await drawer.getByRole('button', { name: messages.studentLogin.continue }).click();
    await expect(page).toHaveURL(/\/student\/signup$/);
    await expect(page.getByRole('heading', { name: messages.studentSignup.title })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('hi');
  });
});
