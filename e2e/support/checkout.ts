// The payment steps after login: the review screen (amount breakup, Card or UPI, 'Proceed to
// pay'), the sandbox's hosted checkout and the way back (/pay/redirect, /pay/status).
import { expect, type Locator, type Page } from '@playwright/test';
import { messages } from '../../src/domain/messages';

export type SandboxOutcome = 'success' | 'failure' | 'pending' | 'dropped';
export type SandboxMethod = 'card' | 'upi';

const CHECKOUT_URL = /\/sandbox\/cashfree\/checkout\/[^/?]+$/;
const REVIEW_URL = /\/pay\/review$/;

/**
 * The sandbox checkout (src/server/sandbox/cashfree/checkout.ts) is plain HTML forms: one per
 * method the order allows (`form[data-method]`), each outcome a submit button whose value is
 * the `outcome` field of its documented POST contract; 'Cancel / close' is its own form.
 */
export const sandboxCheckout = (page: Page) => ({
  form: (method: SandboxMethod) => page.locator(`form[data-method="${method}"]`),
  outcome: (method: SandboxMethod, outcome: SandboxOutcome): Locator =>
    outcome === 'dropped'
      ? page.locator('form:not([data-method]) button[name="outcome"][value="dropped"]')
      : page.locator(`form[data-method="${method}"] button[name="outcome"][value="${outcome}"]`),
});

/** On the sandbox's checkout page: pays by `method` with `outcome`, back to the app. */
export async function payAtSandbox(
  page: Page,
  outcome: SandboxOutcome,
  method: SandboxMethod = 'card',
): Promise<void> {
  await expect(page).toHaveURL(CHECKOUT_URL);
  const checkout = sandboxCheckout(page);
  if (outcome !== 'dropped') await expect(checkout.form(method)).toBeVisible();
  await checkout.outcome(method, outcome).click();
  await expect(page).not.toHaveURL(CHECKOUT_URL);
}

export const review = (page: Page) => ({
  heading: page.getByRole('heading', { name: messages.review.title }),
  /** D6: Card at the default 1% fee (D9). */
  card: page.getByRole('radio', { name: messages.review.card('1') }),
  upi: page.getByRole('radio', { name: messages.review.upi }),
  proceed: page.getByRole('button', { name: messages.review.proceedToPay, exact: true }),
  breakup: page.getByLabel(messages.review.breakupTitle, { exact: true }),
});

/** A value of a label/value list (Mantine DataList: dt/dd), e.g. the breakup's 'Total'. */
export function listValue(scope: Locator | Page, label: string): Locator {
  return scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) })
    .locator('xpath=following-sibling::*[1]');
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export async function expectOnReview(page: Page): Promise<void> {
  await expect(page).toHaveURL(REVIEW_URL);
  await expect(review(page).proceed).toBeEnabled();
}

/** The review's payee and amount (spec §2 /pay/review). */
export async function expectReviewPayee(
  page: Page,
  payee: { name: string; phone: string; amount: string },
): Promise<void> {
  // The payee card (issue 13): 'You are paying' and the name.
  await expect(page.getByRole('region', { name: messages.trust.payee })).toContainText(payee.name);
  await expect(listValue(page, messages.review.phone)).toHaveText(payee.phone);
  // The payee list's 'Amount' (the breakup below repeats the label).
  await expect(listValue(page, messages.review.amount).first()).toHaveText(payee.amount);
}

/** The breakup's four rows (D9). */
export async function expectBreakup(
  page: Page,
  rows: { amount: string; fee: string; charges: string; total: string },
): Promise<void> {
  const breakup = review(page).breakup;
  await expect(listValue(breakup, messages.review.amount)).toHaveText(rows.amount);
  await expect(listValue(breakup, messages.review.platformFee)).toHaveText(rows.fee);
  await expect(listValue(breakup, messages.review.charges)).toHaveText(rows.charges);
  await expect(listValue(breakup, messages.review.total)).toHaveText(rows.total);
}

/** A countdown text such as 'Redirecting in N seconds...' for any N, capturing N. */
export function countdownPattern(text: (seconds: number) => string): RegExp {
  return new RegExp(`^${escapeRegExp(text(987654)).replace('987654', '(\\d+)')}$`);
}

/**
 * The page's status line counts down from at most `from` seconds, by itself (the countdown is
 * the subject here, so it is watched going down).
 */
export async function expectCountingDown(page: Page, pattern: RegExp, from: number) {
  const status = page.getByRole('status');
  await expect(status).toHaveText(pattern);
  const secondsLeft = async () => Number(pattern.exec((await status.textContent()) ?? '')?.[1]);
  const first = await secondsLeft();
  expect(first).toBeGreaterThanOrEqual(1);
  expect(first).toBeLessThanOrEqual(from);
  if (first > 1) {
    await expect.poll(secondsLeft, { timeout: 2_500, intervals: [100] }).toBeLessThan(first);
  }
}

/**
 * Back from the checkout: /pay/redirect shows 'Redirecting in N seconds...' from 3 and counts
 * down (D1); then /pay/status.
 */
export async function expectRedirectCountdown(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/pay\/redirect\?order_id=/);
  await expectCountingDown(page, countdownPattern(messages.redirect.countdown), 3);
}

export function statusLabel(page: Page, label: string): Locator {
  return page.getByRole('heading', { level: 2, name: label, exact: true });
}

/** /pay/status with its result label (spec §4 "Order status"). */
export async function expectStatus(page: Page, label: string): Promise<void> {
  await expect(page).toHaveURL(/\/pay\/status\?order_id=/, { timeout: 10_000 });
  await expect(statusLabel(page, label)).toBeVisible();
}

/** The order id the app is on (/pay/redirect or /pay/status). */
export function orderIdOf(page: Page): string {
  const id = new URL(page.url()).searchParams.get('order_id');
  if (!id) throw new Error(`No order_id in ${page.url()}`);
  return id;
}
