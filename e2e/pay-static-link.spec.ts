// Journeys 1-3: a new student pays a tutor from the tutor's public profile (static link), by
// card or UPI, through the sandbox's hosted checkout; and a payment that fails or is abandoned
// at the gateway is not 'Sent'.
import './support/texts';
import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { messages } from '../src/domain/messages';
import { DEMO_USERNAMES } from '../src/server/demo';
import {
  expectBreakup,
  expectOnReview,
  expectRedirectCountdown,
  expectReviewPayee,
  expectStatus,
  payAtSandbox,
  review,
  sandboxCheckout,
  statusLabel,
} from './support/checkout';
import { publicTutor } from './support/sandbox';
import { expectPayingToPanel, loginAsNewStudent, signUp } from './support/student';

const tutorUsername = DEMO_USERNAMES.onboardedTutor;

/**
 * /asha-verma → 'Pay tuition fees' → the amount → 'Proceed to Pay' → login and sign-up as a
 * new student → back on the static link with the amount kept → 'Proceed to Pay' → /pay/review.
 */
async function startStaticLinkPayment(
  page: Page,
  request: APIRequestContext,
  amount: string,
  amountShown: string,
) {
  const tutor = await publicTutor(request, tutorUsername);
  await page.goto(`/${tutorUsername}`);
  await page.getByRole('link', { name: messages.profile.payTuitionFees }).click();
  await expect(page).toHaveURL(new RegExp(`/static-link/${tutorUsername}$`));
  await expect(page.getByRole('heading', { name: messages.staticLink.title })).toBeVisible();
  await expect(page.getByText(messages.staticLink.amountHelper(tutor.name))).toBeVisible();

  const amountField = page.getByRole('textbox', { name: messages.staticLink.amountLabel });
  const proceed = page.getByRole('button', { name: messages.staticLink.proceed });
  await amountField.fill(amount);
  await proceed.click();

  await expect(page).toHaveURL(/\/student\/login$/);
  // Whom and how much, at both sizes (issue 13: phones never showed it).
  await expectPayingToPanel(page, tutor.name, amountShown, true);
  const student = await loginAsNewStudent(page, request);
  await signUp(page, student);

  // Back into the static-link flow with the amount kept (spec §4 Student login 3).
  await expect(page).toHaveURL(new RegExp(`/static-link/${tutorUsername}$`));
  await expect(amountField).toHaveValue(amount);
  await proceed.click();
  await expectOnReview(page);
  return { tutor, student };
}

test('a new student pays a tutor by card from the public profile', async ({ page, request }) => {
  const { tutor } = await startStaticLinkPayment(page, request, '5000', '₹5,000.00');
  const screen = review(page);

  await expectReviewPayee(page, { name: tutor.name, phone: tutor.phone, amount: '₹5,000.00' });
  await screen.card.check();
  await expectBreakup(page, {
    amount: '₹5,000.00',
    fee: '₹50.00',
    charges: '₹9.71',
    total: '₹5,059.71',
  });

  await screen.proceed.click();
  await expect(sandboxCheckout(page).form('card')).toBeVisible();
  await payAtSandbox(page, 'success', 'card');

  await expectRedirectCountdown(page);
  await expectStatus(page, messages.status.sent);
  await expect(page.getByText(messages.status.sentBody('₹5,059.71', tutor.name))).toBeVisible();

  // D125: Back, past the gateway's page, leads to the dashboard, not an empty payment form.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
});

test('a new student pays a tutor by UPI with no fee', async ({ page, request }) => {
  await startStaticLinkPayment(page, request, '5000', '₹5,000.00');
  const screen = review(page);

  await screen.upi.check();
  await expectBreakup(page, {
    amount: '₹5,000.00',
    fee: '₹0.00',
    charges: '₹0.00',
    total: '₹5,000.00',
  });

  await screen.proceed.click();
  // D6: a UPI-priced order can only be paid by UPI.
  const checkout = sandboxCheckout(page);
  await expect(checkout.form('upi')).toBeVisible();
  await expect(checkout.form('card')).toHaveCount(0);
  await payAtSandbox(page, 'success', 'upi');

  await expectRedirectCountdown(page);
  await expectStatus(page, messages.status.sent);
});

test('a payment the bank declines is not sent, and can be tried again', async ({
  page,
  request,
}) => {
  const { tutor } = await startStaticLinkPayment(page, request, '1200', '₹1,200.00');
  await review(page).card.check();
  await review(page).proceed.click();
  await payAtSandbox(page, 'failure', 'card');

  await expectStatus(page, messages.status.failed);
  await expect(page.getByText(messages.status.failedBody)).toBeVisible();
  await expect(statusLabel(page, messages.status.sent)).toHaveCount(0);

  // 'Try again' goes back to the same payment, which can then be paid.
  await page.getByRole('link', { name: messages.status.tryAgain }).click();
  await expectOnReview(page);
  await expectReviewPayee(page, { name: tutor.name, phone: tutor.phone, amount: '₹1,200.00' });
  await review(page).proceed.click();
  await payAtSandbox(page, 'success', 'card');
  await expectStatus(page, messages.status.sent);
});

test('closing the checkout page is not a payment', async ({ page, request }) => {
  await startStaticLinkPayment(page, request, '800', '₹800.00');
  await review(page).proceed.click();
  await payAtSandbox(page, 'dropped', 'card');

  await expectStatus(page, messages.status.failed);
  await expect(statusLabel(page, messages.status.sent)).toHaveCount(0);
});

test('a UPI payment to be approved later shows Processing, not Sent or Failed', async ({
  page,
  request,
}) => {
  await startStaticLinkPayment(page, request, '900', '₹900.00');
  await review(page).upi.check();
  await review(page).proceed.click();
  await payAtSandbox(page, 'pending', 'upi');

  // D7: an ACTIVE order with a pending payment is still being confirmed.
  await expectStatus(page, messages.status.processing);
  await expect(page.getByText(messages.status.processingBody)).toBeVisible();
  await expect(statusLabel(page, messages.status.sent)).toHaveCount(0);
  await expect(statusLabel(page, messages.status.failed)).toHaveCount(0);
});

test('the amount page does not move when the tutor arrives late', async ({
  page,
  request,
  isMobile,
}) => {
  const tutor = await publicTutor(request, tutorUsername);
  // The tutor's details and the fees answer a second late, as they can on mobile data.
  const late = async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  };
  await page.route('**/api/v1/user/search-action/**', late);
  await page.route('**/api/v1/payments/pg/?**', late);
  await page.goto(`/static-link/${tutorUsername}`);
  const proceed = page.getByRole('button', { name: messages.staticLink.proceed });
  await expect(proceed).toBeVisible();
  const helper = page.getByText(messages.staticLink.amountHelper(tutor.name));
  await expect(helper).toBeHidden();
  const before = await proceed.boundingBox();
  await expect(helper).toBeVisible();
  // Phones show the fee summary above the button; its place was kept for it.
  if (isMobile) await expect(page.getByText(messages.staticLink.settlementDate)).toBeVisible();
  const after = await proceed.boundingBox();
  expect(after?.y).toBeCloseTo(before?.y ?? NaN, 0);
});
