// D189, D197: the static link, a tutor's profile and the student login arrive with their first
// paint in the HTML, so a phone on a slow network sees the screen before the app's scripts have
// run; the app then takes that screen over, keeping whatever was typed into it meanwhile.
import './support/texts';
import { expect, test, type Page } from '@playwright/test';
import { messages } from '../src/domain/messages';
import { DEMO_USERNAMES } from '../src/server/demo';
import { publicTutor } from './support/sandbox';
import { newStudent, studentLogin } from './support/student';

const tutorUsername = DEMO_USERNAMES.onboardedTutor;

test.describe('without the app running', () => {
  test.use({ javaScriptEnabled: false });

  test('the static link shows its amount screen', async ({ page }) => {
    await page.goto(`/static-link/${tutorUsername}`);
    await expect(page.getByRole('heading', { name: messages.staticLink.title })).toBeVisible();
    await expect(
      page.getByRole('textbox', { name: messages.staticLink.amountLabel }),
    ).toBeVisible();
    // Nothing to pay yet: the amount and the tutor come with the app.
    await expect(page.getByRole('button', { name: messages.staticLink.proceed })).toBeDisabled();
  });

  test("a tutor's profile shows its frame while the tutor is looked up (D197)", async ({
    page,
  }) => {
    await page.goto(`/${tutorUsername}`);
    await expect(
      page.getByRole('heading', { name: messages.publicPages.profileTitle }),
    ).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(messages.publicPages.loading);
    // The header too (a phone's: its menu button).
    await expect(page.getByRole('button', { name: messages.publicPages.openMenu })).toBeVisible();
  });

  test('the student login shows its phone step', async ({ page }) => {
    await page.goto('/student/login');
    await expect(page.getByRole('heading', { name: messages.studentLogin.title })).toBeVisible();
    await expect(page.getByText(messages.studentLogin.headline)).toBeVisible();
    await expect(
      page.getByRole('textbox', { name: messages.studentLogin.phoneLabel }),
    ).toBeVisible();
  });
});

/** Holds the app's entry script back until the returned function is called. */
async function holdTheApp(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('an amount typed before the app has started is kept and can be paid', async ({
  page,
  request,
}) => {
  const tutor = await publicTutor(request, tutorUsername);
  const startApp = await holdTheApp(page);
  await page.goto(`/static-link/${tutorUsername}`, { waitUntil: 'commit' });
  const amountField = page.getByRole('textbox', { name: messages.staticLink.amountLabel });
  await amountField.pressSequentially('1500');
  startApp();

  await expect(page.getByText(messages.staticLink.amountHelper(tutor.name))).toBeVisible();
  await expect(amountField).toHaveValue('1500');
  // The app took the prerendered screen over rather than drawing a second one beside it.
  await expect(page.getByRole('main')).toHaveCount(1);
  // The app has the amount, not only the field: the fees are worked out on it and Proceed works.
  await expect(page.getByText('₹1,500.00').first()).toBeVisible();
  await amountField.pressSequentially('0');
  await expect(amountField).toHaveValue('15000');
  await page.getByRole('button', { name: messages.staticLink.proceed }).click();
  await expect(page).toHaveURL(/\/student\/login$/);
});

test("a tutor's profile painted before the app has started is taken over, then shows the tutor", async ({
  page,
  request,
}) => {
  const tutor = await publicTutor(request, tutorUsername);
  const startApp = await holdTheApp(page);
  await page.goto(`/${tutorUsername}`, { waitUntil: 'commit' });
  await expect(
    page.getByRole('heading', { name: messages.publicPages.profileTitle }),
  ).toBeVisible();
  startApp();
  await expect(page.getByRole('heading', { name: tutor.name, level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await page.getByRole('link', { name: messages.profile.payTuitionFees }).click();
  await expect(page).toHaveURL(new RegExp(`/static-link/${tutorUsername}$`));
});

test('a phone number typed before the app has started is kept', async ({ page }) => {
  const startApp = await holdTheApp(page);
  await page.goto('/student/login', { waitUntil: 'commit' });
  const phoneField = page.getByRole('textbox', { name: messages.studentLogin.phoneLabel });
  await phoneField.pressSequentially('98765');
  startApp();
  await phoneField.pressSequentially('43210');
  await expect(phoneField).toHaveValue('9876543210');
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('button', { name: messages.studentLogin.submit })).toBeEnabled();
});

// D216: Enter, pressed on a slow phone before the app has started, is not lost either.
test('a phone number typed and Enter pressed before the app has started asks for the code', async ({
  page,
}) => {
  const student = newStudent();
  const startApp = await holdTheApp(page);
  await page.goto('/student/login', { waitUntil: 'commit' });
  const login = studentLogin(page);
  await login.phone.pressSequentially(student.phone);
  await login.phone.press('Enter');
  // The browser did not submit the form itself (a reload with the number in the URL).
  await expect(page).toHaveURL(/\/student\/login$/);
  startApp();
  await expect(login.otp).toBeVisible();
  await expect(page.getByText(messages.otp.enterCode(student.phone))).toBeVisible();
});

test('Enter pressed on the static link before the app has started proceeds once it can', async ({
  page,
}) => {
  const startApp = await holdTheApp(page);
  await page.goto(`/static-link/${tutorUsername}`, { waitUntil: 'commit' });
  const amountField = page.getByRole('textbox', { name: messages.staticLink.amountLabel });
  await amountField.pressSequentially('2500');
  await amountField.press('Enter');
  startApp();
  // Proceed waits for the tutor to be looked up, then goes on as a press of it would.
  await expect(page).toHaveURL(/\/student\/login$/);
});

test('a language chosen before the app has started is switched to once, when it starts', async ({
  page,
}) => {
  const startApp = await holdTheApp(page);
  await page.goto('/student/login', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'हिन्दी' }).click();
  // Held, not lost: nothing happens until the app is in.
  await expect(page.getByRole('heading', { name: messages.studentLogin.title })).toBeVisible();
  startApp();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true');
});
