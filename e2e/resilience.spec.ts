// Journey 8: a reload keeps the flow (/pay/review keeps payee and amount, /pay/status keeps the
// result), and a double click on 'Proceed to pay' creates one order (D32's Idempotency-Key).
import './support/texts';
import { expect, test } from '@playwright/test';
import { messages } from '../src/domain/messages';
import { DEMO_PHONES, DEMO_USERNAMES } from '../src/server/demo';
import {
  expectBreakup,
  expectOnReview,
  expectReviewPayee,
  expectStatus,
  orderIdOf,
  payAtSandbox,
  review,
} from './support/checkout';
import { payByPhone } from './support/payByPhone';
import { publicTutor } from './support/sandbox';
import { loginAsNewStudent, newSignedUpStudent, signUp } from './support/student';
import { createPaymentLink } from './support/tutorSession';
import { SANDBOX_URL } from './support/origins';

const CHECKOUT_URL = /\/sandbox\/cashfree\/checkout\/[^/?]+$/;

test('reloading the review and the status page keeps the payment', async ({ page, request }) => {
  const tutor = await publicTutor(request, DEMO_USERNAMES.onboardedTutor);
  const link = await createPaymentLink(request, { amount: 1800, purpose: 'E2E reload' });
  const payee = { name: tutor.name, phone: tutor.phone, amount: '₹1,800.00' };

  await page.goto(`/payment-link/${link.id}`);
  const student = await loginAsNewStudent(page, request);
  await signUp(page, student);
  await expectOnReview(page);
  await expectReviewPayee(page, payee);

  await page.reload();
  await expectOnReview(page);
  await expectReviewPayee(page, payee);
  await review(page).upi.check();
  await expectBreakup(page, {
    amount: '₹1,800.00',
    fee: '₹0.00',
    charges: '₹0.00',
    total: '₹1,800.00',
  });

  await review(page).proceed.click();
  await payAtSandbox(page, 'success', 'upi');
  await expectStatus(page, messages.status.sent);
  const statusUrl = page.url();

  await page.reload();
  await expect(page).toHaveURL(statusUrl);
  await expectStatus(page, messages.status.sent);
  await expect(page.getByText(messages.status.sentBody('₹1,800.00', tutor.name))).toBeVisible();
});

test("a double click on 'Proceed to pay' creates one order", async ({ page, request }) => {
  const student = await newSignedUpStudent(page, request);
  await payByPhone(page, '2200', DEMO_PHONES.onboardedTutor);
  await expectOnReview(page);

  // Every order request goes through, and its answer is read before the page navigates away.
  const orderIds: string[] = [];
  await page.route('**/api/v1/payments/pg/order/', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as { id?: string };
    orderIds.push(`${response.status()} ${body.id ?? '(no id)'}`);
    await route.fulfill({ response });
  });
  let checkoutLoads = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && CHECKOUT_URL.test(frame.url())) checkoutLoads += 1;
  });

  await review(page).proceed.dblclick();
  await expect(page).toHaveURL(CHECKOUT_URL);
  expect(orderIds.length).toBeGreaterThanOrEqual(1);
  expect(new Set(orderIds).size).toBe(1);
  test.info().annotations.push({ type: 'order requests', description: orderIds.join(', ') });

  await payAtSandbox(page, 'success', 'card');
  await expectStatus(page, messages.status.sent);
  const orderId = orderIdOf(page);
  expect(orderIds[0]).toMatch(new RegExp(`^20[01] ${orderId}$`));
  expect(checkoutLoads).toBe(1);

  // The gateway sandbox paid one order for this student: its webhook log names only this one.
  await expect
    .poll(async () => {
      const log = (await (
        await request.get(`${SANDBOX_URL}/sandbox/cashfree/webhooks`)
      ).json()) as {
        order_id?: string;
        body: string;
      }[];
      // Payment webhooks only: the log also holds tutors' merchant onboarding webhooks and
      // refund webhooks (D330), which carry no customer.
      const mine = log.filter(
        (w) =>
          w.order_id !== undefined &&
          (JSON.parse(w.body) as { data: { customer_details?: { customer_phone: string } } }).data
            .customer_details?.customer_phone === student.phone,
      );
      return [...new Set(mine.map((w) => w.order_id))];
    })
    .toEqual([orderId]);
});
