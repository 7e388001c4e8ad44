// /pay/payment-details (spec §2, §4, §5): the amount and the tutor's phone, then Proceed.
import { expect, type Page } from '@playwright/test';
import { messages } from '../../src/domain/messages';

const m = messages.payeeLookup;

export function paymentDetails(page: Page) {
  return {
    heading: page.getByRole('heading', { name: m.title }),
    amount: page.getByRole('textbox', { name: m.amountLabel }),
    phone: page.getByRole('textbox', { name: m.phoneLabel }),
    proceed: page.getByRole('button', { name: m.proceed, exact: true }),
  };
}

/** Opens /pay/payment-details, types the amount and the tutor's phone, and proceeds. */
export async function payByPhone(page: Page, amount: string, tutorPhone: string): Promise<void> {
  await page.goto('/pay/payment-details');
  const form = paymentDetails(page);
  await expect(form.heading).toBeVisible();
  await form.amount.fill(amount);
  await form.phone.fill(tutorPhone);
  await expect(form.proceed).toBeEnabled();
  await form.proceed.click();
}

export function kycDialog(page: Page, title: string) {
  return page.getByRole('dialog', { name: title });
}
