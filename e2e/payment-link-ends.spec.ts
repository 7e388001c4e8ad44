// Issue 5, journey 3: a link past its expiry cannot be paid; a cancelled link cannot be paid.
// The student is told why (and to ask the tutor for a new link) and is never asked to log in.
import './support/texts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { messages } from '../src/domain/messages';
import { review } from './support/checkout';
import { cancelPaymentLink, createPaymentLink } from './support/tutorSession';

/** The student is told at once, before any login, and stays on the link's page. */
async function expectCannotPay(page: Page, linkId: string, reason: string) {
  await page.goto(`/payment-link/${linkId}`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(reason);
  await expect(alert).toContainText(messages.paymentLink.askTutor);
  await expect(review(page).proceed).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/payment-link/${linkId}$`));
}

/** The link as the public look-up reports it. */
async function linkStatus(request: APIRequestContext, id: string): Promise<string> {
  const response = await request.get(`/api/v1/payments/payment-link/${id}/`);
  return ((await response.json()) as { status?: string }).status ?? `HTTP ${response.status()}`;
}

test('a cancelled link cannot be paid', async ({ page, request }) => {
  const link = await createPaymentLink(request, { amount: 900, purpose: 'E2E cancelled link' });
  await cancelPaymentLink(request, link.id);
  expect(await linkStatus(request, link.id)).toBe('CANCELLED');
  await expectCannotPay(page, link.id, messages.paymentLink.cancelled);
});

test('a link past its expiry cannot be paid', async ({ page, request }) => {
  const expiresAt = new Date(Date.now() + 3_000).toISOString();
  const link = await createPaymentLink(request, {
    amount: 800,
    purpose: 'E2E expiring link',
    expires_at: expiresAt,
  });
  await expect.poll(() => linkStatus(request, link.id), { timeout: 15_000 }).toBe('EXPIRED');
  await expectCannotPay(page, link.id, messages.paymentLink.expired);
});
