// Journey 4: a dynamic payment link the onboarded tutor created through the API (D19) is paid
// once by a new student; visiting it again says it cannot be paid.
import './support/texts';
import { expect, test } from '@playwright/test';
import { messages } from '../src/domain/messages';
import { apiMessages } from '../src/domain/apiMessages';
import { DEMO_USERNAMES } from '../src/server/demo';
import {
  expectBreakup,
  expectOnReview,
  expectRedirectCountdown,
  expectReviewPayee,
  expectStatus,
  payAtSandbox,
  review,
} from './support/checkout';
import { publicTutor, uniquePhone } from './support/sandbox';
import { expectPayingToPanel, loginAsNewStudent, signUp } from './support/student';
import { createPaymentLink } from './support/tutorSession';

test('a new student pays a dynamic payment link once', async ({ page, request }, testInfo) => {
  const tutor = await publicTutor(request, DEMO_USERNAMES.onboardedTutor);
  const link = await createPaymentLink(request, { amount: 2500, purpose: 'E2E dynamic link' });

  await page.goto(`/payment-link/${link.id}`);
  await expect(page).toHaveURL(/\/student\/login$/);
  if (testInfo.project.name === 'desktop') {
    await expectPayingToPanel(page, tutor.name, '₹2,500.00', false);
  }
  const student = await loginAsNewStudent(page, request);
  await signUp(page, student);

  // Spec §4 Student login 3: a dynamic link goes straight to the review.
  await expectOnReview(page);
  await expectReviewPayee(page, { name: tutor.name, phone: tutor.phone, amount: '₹2,500.00' });
  await review(page).card.check();
  await expectBreakup(page, {
    amount: '₹2,500.00',
    fee: '₹25.00',
    charges: '₹4.85',
    total: '₹2,529.85',
  });
  await review(page).proceed.click();
  await payAtSandbox(page, 'success', 'card');
  await expectRedirectCountdown(page);
  await expectStatus(page, messages.status.sent);

  // The same link again: it is paid, so the student is told and cannot pay it twice.
  await page.goto(`/payment-link/${link.id}`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(messages.paymentLink.paid);
  await expect(alert).toContainText(messages.paymentLink.askTutor);
  await expect(page).toHaveURL(new RegExp(`/payment-link/${link.id}$`));
  await expect(review(page).proceed).toHaveCount(0);
});

test(
  'a link meant for another student tells the student so',
  // D77: the server's 409 refusal is shown as its sentence, not the generic text.
  async ({ page, request }) => {
    const link = await createPaymentLink(request, {
      amount: 700,
      purpose: 'E2E link for someone else',
      student_phone: uniquePhone(),
    });
    await page.goto(`/payment-link/${link.id}`);
    const student = await loginAsNewStudent(page, request);
    await signUp(page, student);
    // Told before the review, or on the review once it tries to pay: either is fine.
    const proceed = review(page).proceed;
    const refusal = page.getByText(apiMessages.orders.linkOtherStudent);
    await expect(refusal.or(proceed)).toBeVisible();
    if (await proceed.isVisible()) await proceed.click();
    await expect(refusal).toBeVisible();
    await expect(page.getByText(messages.generic.somethingWrong)).toHaveCount(0);
    await expect(page).not.toHaveURL(/\/sandbox\/cashfree\/checkout\//);
  },
);
