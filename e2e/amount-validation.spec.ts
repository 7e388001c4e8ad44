// Journey 7 (amounts): the static link's amount and the payment-details form keep 'Proceed'
// disabled for an empty, zero or too large amount, or an invalid tutor phone (spec §5, D11),
// and for a tutor who cannot accept payments yet (D65).
import './support/texts';
import { expect, test } from '@playwright/test';
import { messages } from '../src/domain/messages';
import { DEMO_USERNAMES } from '../src/server/demo';
import { paymentDetails } from './support/payByPhone';
import { publicTutor } from './support/sandbox';

test('the static link refuses an empty, zero or too large amount', async ({ page, request }) => {
  const tutor = await publicTutor(request, DEMO_USERNAMES.onboardedTutor);
  await page.goto(`/static-link/${tutor.username}`);
  // The helper names the tutor once the page has looked them up.
  await expect(page.getByText(messages.staticLink.amountHelper(tutor.name))).toBeVisible();
  const amount = page.getByRole('textbox', { name: messages.staticLink.amountLabel });
  const proceed = page.getByRole('button', { name: messages.staticLink.proceed });
  const tooLarge = page.getByText(messages.validation.amountMax, { exact: true });

  await expect(amount).toHaveValue('');
  await expect(proceed).toBeDisabled();

  await amount.fill('0');
  await expect(proceed).toBeDisabled();

  await amount.fill('50001');
  await expect(tooLarge).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(proceed).toBeDisabled();

  await amount.fill('');
  await expect(tooLarge).toHaveCount(0);
  await expect(proceed).toBeDisabled();

  // Non-digits are ignored (spec §5); ₹50,000 is the most a payment can be (D11).
  await amount.fill('50,000');
  await expect(amount).toHaveValue('50000');
  await expect(tooLarge).toHaveCount(0);
  await expect(proceed).toBeEnabled();
});

test('the static link of a tutor with KYC pending says so and never offers Proceed (D65)', async ({
  page,
  request,
}) => {
  const tutor = await publicTutor(request, DEMO_USERNAMES.pendingTutor);
  await page.goto(`/static-link/${tutor.username}`);
  await expect(page.getByText(messages.staticLink.amountHelper(tutor.name))).toBeVisible();
  await expect(page.getByText(messages.payeeLookup.kycLinkSent)).toBeVisible();
  const amount = page.getByRole('textbox', { name: messages.staticLink.amountLabel });
  const proceed = page.getByRole('button', { name: messages.staticLink.proceed });
  await amount.fill('1500');
  await expect(amount).toHaveValue('1500');
  await expect(proceed).toBeDisabled();
  await amount.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/static-link/${tutor.username}$`));
  await expect(proceed).toBeDisabled();
});

test('the payment-details form needs a valid amount and tutor phone', async ({ page }) => {
  await page.goto('/pay/payment-details');
  const form = paymentDetails(page);
  await expect(form.heading).toBeVisible();
  const tooLarge = page.getByText(messages.validation.amountMax, { exact: true });
  const badPhone = page.getByText(messages.validation.phone, { exact: true });

  await expect(form.proceed).toBeDisabled();
  await form.phone.fill('9876543210');
  await expect(form.proceed).toBeDisabled(); // no amount yet

  await form.amount.fill('0');
  await expect(form.proceed).toBeDisabled();

  await form.amount.fill('75000');
  await expect(tooLarge).toBeVisible();
  await expect(form.proceed).toBeDisabled();

  await form.amount.fill('1000');
  await expect(tooLarge).toHaveCount(0);
  await expect(form.proceed).toBeEnabled();

  await form.phone.fill('5123456789');
  await expect(badPhone).toBeVisible();
  await expect(form.proceed).toBeDisabled();
});

// Issue 13: typed with no pause between keys, as a fast thumb or a paste-by-keyboard does,
// every digit stays; the amount reaches the login panel whole.
test('no keystroke is lost in the amount fields, however fast they come', async ({
  page,
  request,
}) => {
  const tutor = await publicTutor(request, DEMO_USERNAMES.onboardedTutor);
  // A cheap phone's CPU: the page's lazy part arrives while the keys are still coming.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.goto(`/static-link/${tutor.username}`);
  const amount = page.getByRole('textbox', { name: messages.staticLink.amountLabel });
  for (const typed of ['6507', '650', '12345']) {
    await amount.fill('');
    await amount.pressSequentially(typed);
    await expect(amount).toHaveValue(typed);
  }
  // Typed while the page is still looking the tutor up, too (with no amount remembered).
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(`/static-link/${tutor.username}`);
  await amount.pressSequentially('4321');
  await expect(page.getByText(messages.staticLink.amountHelper(tutor.name))).toBeVisible();
  await expect(amount).toHaveValue('4321');

  await page.goto('/pay/payment-details');
  const details = page.getByRole('textbox', { name: messages.payeeLookup.amountLabel });
  await details.fill(''); // the amount just typed on the static link is remembered
  await details.pressSequentially('6507');
  await expect(details).toHaveValue('6507');
});
