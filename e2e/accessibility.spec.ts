// Issue 13 (WCAG 2.2 AA): axe-core checks the screens at both sizes (each Playwright project)
// and fails on any violation, listing each one with the elements it found. Screens are opened
// the way a user reaches them; a screen that needs a session gets one through the API.
import './support/texts';
import { expect, test } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { BREAKPOINT_PROFILE_DRAWER_PX } from '../src/domain/constants';
import { messages } from '../src/domain/messages';
import { DEMO_PHONES, DEMO_USERNAMES } from '../src/server/demo';
import { dashboardTexts } from '../src/domain/dashboardTexts';
import { escapeRegExp, payAtSandbox, review, statusLabel } from './support/checkout';
import { kycDialog, payByPhone } from './support/payByPhone';
import { loginAsNewStudent, signUp, newStudent } from './support/student';
import { onboardedTutorByApi, useTutorSession } from './support/tutor';
import { createPaymentLink, onboardedTutorToken } from './support/tutorSession';

const tutor = DEMO_USERNAMES.onboardedTutor;

const publicScreens: [string, string][] = [
  ['/tutors', 'marketing: tutors'],
  ['/contact', 'marketing: contact'],
  ['/terms-of-use', 'product terms'],
  [`/${tutor}`, 'tutor profile'],
  [`/${tutor}/pricing`, 'tutor pricing'],
  [`/static-link/${tutor}`, 'static link: amount'],
  ['/student/login', 'student login'],
  ['/tutor/login', 'tutor login'],
  ['/pay/payment-details', 'pay by phone'],
  ['/no/such/page', 'not found'],
];

for (const [path, screen] of publicScreens) {
  test(`axe: ${screen} (${path})`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoViolations(page, screen);
  });
}

test('axe: the static link with an amount too large, and the login with its payee', async ({
  page,
}) => {
  await page.goto(`/static-link/${tutor}`);
  const amount = page.getByRole('textbox', { name: messages.staticLink.amountLabel });
  await amount.fill('60000');
  await expect(page.getByText(messages.validation.amountMax, { exact: true })).toBeVisible();
  await expectNoViolations(page, 'static link: error shown');
  await amount.fill('1500');
  await page.getByRole('button', { name: messages.staticLink.proceed }).click();
  await expect(page).toHaveURL(/\/student\/login$/);
  await page.waitForLoadState('networkidle');
  await expectNoViolations(page, 'student login with payee');
});

test('axe: a student through login, sign-up, review and the dashboard', async ({
  page,
  request,
}) => {
  await page.goto(`/static-link/${tutor}`);
  await page.getByRole('textbox', { name: messages.staticLink.amountLabel }).fill('1500');
  await page.getByRole('button', { name: messages.staticLink.proceed }).click();
  await expect(page).toHaveURL(/\/student\/login$/);
  const student = newStudent();
  await loginAsNewStudent(page, request, student);
  await expectNoViolations(page, 'student sign-up');
  await signUp(page, student);
  await expect(page).toHaveURL(new RegExp(`/static-link/${tutor}$`));
  await page.getByRole('button', { name: messages.staticLink.proceed }).click();
  await expect(page).toHaveURL(/\/pay\/review$/);
  await page.waitForLoadState('networkidle');
  await expectNoViolations(page, 'review');
  // The way back from the gateway: the redirect, a failed payment, then a sent one.
  await review(page).upi.check();
  await review(page).proceed.click();
  await payAtSandbox(page, 'failure', 'upi');
  // The redirect counts 3 seconds; read while it still shows 3 or 2, axe has at least 1 of them
  // (it needs under one), and with nothing animating there is no transition to wait for. Not
  // only 3: on a busy machine the page had counted past it before the check began.
  const counting = [3, 2].map((seconds) => escapeRegExp(messages.redirect.countdown(seconds)));
  await expect(page.getByText(new RegExp(`^(${counting.join('|')})$`))).toBeVisible();
  await expectNoViolations(page, 'redirect', 0);
  await expect(statusLabel(page, messages.status.failed)).toBeVisible({ timeout: 20_000 });
  await expectNoViolations(page, 'status: failed');
  await page.getByRole('link', { name: messages.status.tryAgain }).click();
  await review(page).upi.check();
  await review(page).proceed.click();
  await payAtSandbox(page, 'success', 'upi');
  await expect(statusLabel(page, messages.status.sent)).toBeVisible({ timeout: 20_000 });
  await expectNoViolations(page, 'status: sent');
  await page.goto('/student/dashboard');
  await page.waitForLoadState('networkidle');
  await expectNoViolations(page, 'student dashboard');
  await payByPhone(page, '1500', DEMO_PHONES.pendingTutor);
  await expect(kycDialog(page, messages.payeeLookup.kycPendingTitle)).toBeVisible();
  await expectNoViolations(page, 'pay by phone: KYC dialog');
});

test('axe: every tab of the tutor dashboard', async ({ page, request }) => {
  const apiTutor = await onboardedTutorByApi(request);
  await useTutorSession(page, apiTutor);
  const t = dashboardTexts.tutor;
  const tabs = [
    { value: 'share', label: t.share.tab },
    { value: 'payments', label: t.payments.tab },
    { value: 'payouts', label: t.payouts.tab },
    { value: 'students', label: t.students.tab },
    { value: 'dues', label: t.dues.tab },
    { value: 'refunds', label: t.refunds.tab },
    { value: 'links', label: t.links.tab },
    { value: 'sessions', label: t.sessions.tab },
    { value: 'gst', label: t.gst.tab },
    { value: 'api-keys', label: t.apiKeys.tab },
    { value: 'privacy', label: t.privacy.tab },
  ];
  for (const tab of tabs) {
    await page.goto(`/tutor/dashboard?tab=${tab.value}`);
    await expect(page.getByRole('tab', { name: tab.label, selected: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoViolations(page, `tutor dashboard: ${tab.value}`);
  }
});

test('axe: the profile with its menu open (a phone-width window)', async ({ page }) => {
  // The menu is a drawer at BREAKPOINT_PROFILE_DRAWER_PX or less: both projects open it there.
  await page.setViewportSize({ width: BREAKPOINT_PROFILE_DRAWER_PX, height: 800 });
  await page.goto(`/${tutor}`);
  // The page arrives painted (D197); its menu opens once the app has taken it over, which the
  // tutor's own links show.
  await expect(page.getByRole('link', { name: messages.profile.payTuitionFees })).toBeVisible();
  await page.getByRole('button', { name: messages.publicPages.openMenu }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoViolations(page, 'profile: menu open');
});

test("axe: the demo tutor's payment links table, which is wider than a phone", async ({
  page,
  request,
}) => {
  const token = onboardedTutorToken();
  const me = await request.get('/api/v1/user/me/', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { id } = (await me.json()) as { id: number };
  await createPaymentLink(request, { amount: 1500, purpose: 'Axe: a link in the table' });
  await useTutorSession(page, { token, userId: id, phone: DEMO_PHONES.onboardedTutor });
  await page.goto('/tutor/dashboard?tab=links');
  const table = page.getByRole('region', {
    name: messages.generic.scrollRegion(dashboardTexts.tutor.links.listTitle),
  });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoViolations(page, 'tutor dashboard: links with rows');
  // A keyboard reaches the region and scrolls it.
  await table.focus();
  await expect(table).toBeFocused();
});
