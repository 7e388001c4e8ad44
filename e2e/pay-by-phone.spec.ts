// Journey 5: a logged-in student pays by typing the tutor's phone (/pay/payment-details, spec
// §4 "Gateway onboarding status"): an onboarded tutor goes to the review; a tutor whose KYC is
// pending, or a new tutor the student adds, gives the KYC dialog (and the new tutor an SMS
// invitation); a student's phone cannot be a payee.
import './support/texts';
import { expect, test } from '@playwright/test';
import { messages, PRODUCT_NAME } from '../src/domain/messages';
import { apiMessages } from '../src/domain/apiMessages';
import { DEMO_PHONES, DEMO_USERNAMES } from '../src/server/demo';
import { expectOnReview, expectReviewPayee } from './support/checkout';
import { kycDialog, payByPhone } from './support/payByPhone';
import { outbox, publicTutor, uniquePan, uniquePhone } from './support/sandbox';
import { newSignedUpStudent } from './support/student';

const m = messages.payeeLookup;

test('paying an onboarded tutor by phone goes to the review', async ({ page, request }) => {
  const tutor = await publicTutor(request, DEMO_USERNAMES.onboardedTutor);
  await newSignedUpStudent(page, request);

  await payByPhone(page, '1500', DEMO_PHONES.onboardedTutor);
  await expectOnReview(page);
  await expectReviewPayee(page, { name: tutor.name, phone: tutor.phone, amount: '₹1,500.00' });
});

test('a tutor who cannot take payments yet, or a student, cannot be paid by phone', async ({
  page,
  request,
}, testInfo) => {
  const student = await newSignedUpStudent(page, request);

  await test.step('a tutor whose KYC is pending: the KYC dialog', async () => {
    await payByPhone(page, '1500', DEMO_PHONES.pendingTutor);
    const dialog = kycDialog(page, m.kycPendingTitle);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(m.kycLinkSent)).toBeVisible();
    await dialog.getByRole('button', { name: m.ok }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/pay\/payment-details$/);
  });

  await test.step('a student as payee: refused', async () => {
    await payByPhone(page, '1500', DEMO_PHONES.student);
    await expect(page.getByRole('alert')).toHaveText(messages.roles.payeeIsStudent);
    await expect(page).toHaveURL(/\/pay\/payment-details$/);
  });

  await test.step('a new tutor: tutor details, then the KYC link is sent to them', async () => {
    const tutorPhone = uniquePhone();
    await payByPhone(page, '2000', tutorPhone);
    await expect(page).toHaveURL(/\/pay\/tutor-details$/);
    const t = messages.tutorDetails;
    await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
    const submit = page.getByRole('button', { name: t.submit, exact: true });
    await page.getByRole('textbox', { name: t.firstName }).fill('Kiran');
    await page.getByRole('textbox', { name: t.lastName }).fill('Rao');
    const pan = page.getByRole('textbox', { name: t.pan, exact: true });

    // Spec §5: an invalid PAN shows the message and keeps Submit disabled.
    await pan.fill('ABCDE1234F');
    await expect(page.getByText(messages.validation.pan, { exact: true })).toBeVisible();
    await expect(submit).toBeDisabled();

    await pan.fill(uniquePan());
    await expect(submit).toBeEnabled();
    await submit.click();
    const dialog = kycDialog(page, m.kycPendingTitle);
    await expect(dialog.getByText(m.kycLinkSent)).toBeVisible();

    // D28: the tutor's invitation is in the dev outbox for their phone.
    const baseURL = testInfo.project.use.baseURL;
    const invitation = apiMessages.identity.invitationSms(
      `${student.firstName} ${student.lastName}`,
      'Rs 2,000.00', // D240: texts say Rs, as the SMS templates are approved
      PRODUCT_NAME,
      `${baseURL}/tutor/login`,
    );
    await expect
      .poll(async () => (await outbox(request, tutorPhone)).map((e) => e.body))
      .toEqual([invitation]);
  });
});
