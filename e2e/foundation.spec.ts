// Foundation journeys (issue 2): the root redirect, the 404 page, and a student phone that
// receives an OTP through the dev SMS outbox and signs in with it.
import './support/texts';
import { expect, test } from '@playwright/test';
import { messages } from '../src/domain/messages';
import { latestOtp, uniquePhone } from './support/sandbox';
import { dashboardGreeting, onboardedTutorByApi, useTutorSession } from './support/tutor';
import { SANDBOX_URL } from './support/origins';

test('the root sends a new visitor to pay tuition fees', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/pay-tuition-fees$/);
});

test('the root sends a logged-in student to the student dashboard', async ({ page }) => {
  await page.goto('/page-not-found');
  await page.evaluate(() => localStorage.setItem('studentLogin', 'true'));
  // The flag alone, no session: the root sends it to the dashboard, whose guard then asks for a
  // login. So the test waits for the root's navigation itself, not for the address after it,
  // which the guard soon changes (CI once saw /student/login first).
  const toDashboard = page.waitForURL(/\/student\/dashboard$/);
  await page.goto('/');
  await toDashboard;
  await expect(page).toHaveURL(/\/student\/login$/);
});

test('the root sends a logged-in tutor to the tutor dashboard', async ({ page, request }) => {
  // A real session: the tutor guard sends a tutor-login flag without a token on to the login.
  const tutor = await onboardedTutorByApi(request);
  await useTutorSession(page, tutor);
  await page.goto('/');
  await expect(page).toHaveURL(/\/tutor\/dashboard$/);
  await expect(dashboardGreeting(page, tutor)).toBeVisible();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page/here');
  await expect(page.getByRole('heading', { name: messages.notFound.title })).toBeVisible();
  await expect(page.getByText(messages.notFound.body)).toBeVisible();
});

test('a student phone receives an OTP in the dev outbox and signs in with it', async ({
  page,
  request,
}) => {
  const phone = uniquePhone();
  const sent = await request.post('/api/v1/auth/generate-otp/', {
    data: { phone, role: 'student' },
  });
  expect(sent.status()).toBe(200);

  // The dev outbox page shows the message a real phone would receive.
  const code = await latestOtp(request, phone);
  await page.goto(`${SANDBOX_URL}/sandbox/outbox?phone=${phone}`);
  await expect(page.getByText(new RegExp(`OTP is ${code}`)).first()).toBeVisible();

  const validated = await request.post('/api/v1/auth/validate-otp/', {
    data: { phone, otp: code, role: 'student' },
  });
  expect(validated.status()).toBe(200);
  const { access_token: token } = (await validated.json()) as { access_token: string };

  const me = await request.get('/api/v1/user/me/', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ phone, role: 'student' });

  // A used code does not work twice.
  const again = await request.post('/api/v1/auth/validate-otp/', {
    data: { phone, otp: code, role: 'student' },
  });
  expect(again.status()).toBe(400);
});
