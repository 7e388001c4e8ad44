// Issue 49's journey (D245-D254): three parents of one tutor's batch on a ₹2,000 monthly plan.
// The first turns on Autopay, approves at the sandbox and sees it active; moved in time by the
// test clock (the app's worker and the sandbox follow it), its due is noticed two days ahead and
// debited on its date, and the receipt, My dues and the tutor's Dues tab agree. The second's
// debits fail (insufficient funds) through one attempt and three retries an hour apart, and the
// due falls back to the reminder ladder with a link. The third cancels, and the tutor sees it.
import './support/texts';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { autopayTexts } from '../src/domain/autopayTexts';
import { duePeriodLabel } from '../src/domain/duePeriod';
import { dashboardTexts } from '../src/domain/dashboardTexts';
import { studentsTexts } from '../src/domain/studentsTexts';
import { addIstDays, fromIst, istDateKey } from '../src/domain/time';
import { DEV_CASHFREE_CLIENT_ID, DEV_CASHFREE_CLIENT_SECRET } from '../src/server/config';
import { expectNoViolations } from './support/axe';
import { APP_URL, SANDBOX_URL } from './support/origins';
import { latestOtp, outbox, uniquePan, uniquePhone } from './support/sandbox';
import { loginAsNewStudent, signUp } from './support/student';
import { onboardedTutorByApi, useTutorSession, type ApiTutor } from './support/tutor';

const a = autopayTexts;
const PLAN = 'Autopay fee';

async function post<T>(request: APIRequestContext, url: string, token: string, data: object) {
  const response = await request.post(url, { headers: { Authorization: `Bearer ${token}` }, data });
  if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** D254: the app's clock (and so the worker's and the sandbox's), moved to `at`. */
async function moveClock(request: APIRequestContext, body: { at: string } | { reset: true }) {
  const moved = await request.post(`${APP_URL}/__test__/clock`, { data: body });
  expect(moved.status()).toBe(200);
}

/** A due date three days on (a due day of 1-28): a mandate is on before its notice is due. */
function dueDateAhead(): string {
  const three = addIstDays(istDateKey(new Date()), 3);
  if (Number(three.slice(8)) <= 28) return three;
  const [year, month] = three.split('-').map(Number) as [number, number];
  return istDateKey(fromIst(year, month + 1, 1, 12));
}

const at = (dateKey: string, hour: number, minute = 0) => {
  const [y, m, d] = dateKey.split('-').map(Number) as [number, number, number];
  return fromIst(y, m, d, hour, minute).toISOString();
};

/** The sandbox's charges of a mandate, as the gateway reports them. */
async function charges(request: APIRequestContext, mandateId: string) {
  const response = await request.get(
    `${SANDBOX_URL}/sandbox/cashfree/pg/subscriptions/${mandateId}/payments`,
    {
      headers: {
        'x-client-id': DEV_CASHFREE_CLIENT_ID,
        'x-client-secret': DEV_CASHFREE_CLIENT_SECRET,
        'x-api-version': '2025-01-01',
      },
    },
  );
  return (await response.json()) as { payment_status: string; retry_attempts: number }[];
}

/** A login through the API, at the app's (moved) time: a session the moved clock accepts. */
async function apiLogin(request: APIRequestContext, phone: string): Promise<string> {
  const sent = await request.post('/api/v1/auth/generate-otp/', {
    data: { phone, role: 'student' },
  });
  expect(sent.status()).toBe(200);
  const otp = await latestOtp(request, phone);
  const session = await request.post('/api/v1/auth/validate-otp/', {
    data: { phone, otp, role: 'student' },
  });
  expect(session.status()).toBe(200);
  return ((await session.json()) as { access_token: string }).access_token;
}

interface Parent {
  phone: string;
  student: string;
  page: Page;
  mandateId: string;
}

/** A parent logs in, turns on Autopay for the plan and approves at the sandbox. */
async function turnOn(
  browser: Browser,
  request: APIRequestContext,
  parent: { phone: string; student: string },
  debits: 'success' | 'INSUFFICIENT_FUNDS',
  look = false,
): Promise<Parent> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/student/login');
  const login = { phone: parent.phone, firstName: 'Parent', lastName: 'Shah', pan: uniquePan() };
  await loginAsNewStudent(page, request, login);
  await signUp(page, login);
  await page.goto('/student/dashboard');
  const section = page.getByRole('region', { name: a.plans.title });
  await section.getByRole('link', { name: a.plans.turnOnAria(PLAN, parent.student) }).click();
  await expect(page.getByRole('heading', { name: a.setup.title })).toBeVisible();
  await expect(page.getByText(a.setup.amountEach('₹2,000.00'))).toBeVisible();
  await expect(page.getByText(a.setup.notice)).toBeVisible();
  const email = page.getByRole('textbox', { name: a.setup.email });
  if (look) {
    // No email, or a bad one: a clear error, and nothing is set up.
    await email.fill('');
    await page.getByRole('button', { name: a.setup.submit }).click();
    await expect(page.getByText(a.email.required)).toBeVisible();
    await email.fill('parent@example');
    await page.getByRole('button', { name: a.setup.submit }).click();
    await expect(page.getByText(a.email.invalid)).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expectNoViolations(page, 'autopay setup: a bad email');
    await page.screenshot({ path: test.info().outputPath('autopay-setup.png'), fullPage: true });
  }
  await email.fill(`${parent.phone}@example.in`);
  await page.getByRole('button', { name: a.setup.submit }).click();
  // The gateway's (the sandbox's) mandate page: approve in the UPI app.
  await expect(page.getByRole('heading', { name: /UPI Autopay for/ })).toBeVisible();
  await page.getByLabel('Later debits (test data)').selectOption(debits);
  await page.getByRole('button', { name: 'Approve with UPI PIN' }).click();
  await expect(page).toHaveURL(/\/student\/autopay\/mdt_/);
  const mandateId = new URL(page.url()).pathname.split('/').pop()!;
  // The status follows the mandate without a reload: the bank's approval, then active.
  await expect(page.getByRole('heading', { name: a.status.headings.active })).toBeVisible({
    timeout: 30_000,
  });
  if (look) {
    await expectNoViolations(page, 'autopay status: active');
    await page.screenshot({ path: test.info().outputPath('autopay-active.png'), fullPage: true });
  }
  return { ...parent, page, mandateId };
}

test('Autopay: a debit that goes through, one that fails, and one cancelled', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const dueDate = dueDateAhead();
  const period = dueDate.slice(0, 7);
  const tutor: ApiTutor = await onboardedTutorByApi(request);
  const families = ['Aarav', 'Diya', 'Kabir'].map((name) => ({
    student: `${name} Autopay`,
    phone: uniquePhone(),
  }));
  const batch = `AP ${Date.now() % 100000}`;
  for (const family of families) {
    await post(request, '/api/v1/students/', tutor.token, {
      name: family.student,
      phone: uniquePhone(),
      parent_name: `Parent of ${family.student}`,
      parent_phone: family.phone,
      batch,
    });
  }
  await post(request, '/api/v1/fee-plans/', tutor.token, {
    name: PLAN,
    kind: 'monthly',
    amount: 2000,
    due_day: Number(dueDate.slice(8)),
    start_month: period,
    batch,
  });

  try {
    const first = await turnOn(browser, request, families[0]!, 'success', true);
    const second = await turnOn(browser, request, families[1]!, 'INSUFFICIENT_FUNDS');
    const third = await turnOn(browser, request, families[2]!, 'success');

    // The third parent cancels from their dashboard.
    await third.page.goto('/student/dashboard');
    const card = third.page.getByRole('article', { name: `${PLAN}, ${third.student}` });
    await card.getByRole('button', { name: a.control.cancelAria(PLAN) }).click();
    const confirm = third.page.getByRole('dialog', { name: a.control.cancelTitle });
    await expect(confirm).toContainText(
      a.control.cancelQuestion(PLAN, `${tutor.firstName} ${tutor.lastName}`),
    );
    await expectNoViolations(third.page, 'student dashboard: cancel Autopay');
    await confirm.getByRole('button', { name: a.control.cancelYes }).click();
    await expect(card.getByRole('status')).toHaveText(a.control.done.cancel);
    await expect(card).toContainText(a.plans.status(a.stages.cancelled));

    // The tutor sees each student's Autopay on the Dues tab.
    await useTutorSession(page, tutor);
    await page.goto('/tutor/dashboard?tab=dues');
    const autopay = page.getByRole('region', { name: a.tutor.title });
    await expect(autopay.getByRole('article', { name: first.student })).toContainText(
      a.stages.active,
    );
    await expect(autopay.getByRole('article', { name: third.student })).toContainText(
      a.stages.cancelled,
    );
    await expectNoViolations(page, 'tutor dashboard: dues, Autopay');
    await autopay.screenshot({ path: test.info().outputPath('autopay-tutor.png') });

    // Two days ahead: the notices go, for what is owed, to the two active mandates only.
    // A retry on the same server takes the next hour: the hourly notice job runs once per
    // (moved) hour slot and real hour (pg-boss's singleton), so the retry's slot must be new.
    await moveClock(request, { at: at(addIstDays(dueDate, -2), 8 + test.info().retry) });
    for (const parent of [first, second]) {
      await expect
        .poll(async () => (await outbox(request, parent.phone)).map((m) => m.body).join('\n'), {
          timeout: 30_000,
        })
        .toContain('Autopay notice: Rs 2,000.00');
    }
    expect((await outbox(request, third.phone)).some((m) => m.body.includes('Autopay'))).toBe(
      false,
    );

    // The due date, off-peak: the first goes through; the second fails, and is retried.
    await moveClock(request, { at: at(dueDate, 0, 30) });
    await expect
      .poll(async () => (await charges(request, first.mandateId))[0]?.payment_status, {
        timeout: 30_000,
      })
      .toBe('SUCCESS');
    let clock = Date.parse(at(dueDate, 0, 30));
    // The second parent's view of their mandate, at the moved time (a new session).
    const token = await apiLogin(request, second.phone);
    const nextState = async () => {
      const mandate = await request.get(`/api/v1/my-autopay/${second.mandateId}/`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const body = (await mandate.json()) as { next_debit: { state: string } | null };
      return body.next_debit?.state ?? null;
    };
    for (let retries = 0; retries <= 3; retries += 1) {
      await expect
        .poll(
          async () => {
            const [charge] = await charges(request, second.mandateId);
            return charge ? `${charge.payment_status} ${charge.retry_attempts}` : '';
          },
          { timeout: 30_000 },
        )
        .toBe(`FAILED ${retries}`);
      if (retries < 3) {
        // Once the app has the failure (the retry waits an hour from when it learnt of it).
        await expect.poll(nextState, { timeout: 30_000 }).toBe('notified');
        clock += 61 * 60 * 1000;
        await moveClock(request, { at: new Date(clock).toISOString() });
      }
    }
    // After the last retry the parent is told why, with a link to pay.
    await expect
      .poll(async () => (await outbox(request, second.phone))[0]?.body ?? '', { timeout: 30_000 })
      .toContain(a.reasons.insufficientFunds);
    const [failure] = await outbox(request, second.phone);
    const url = /(https?:\/\/\S+\/payment-link\/\S+)/.exec(failure!.body)![1]!;
    await moveClock(request, { reset: true });

    // The first parent: paid, with a receipt; My dues no longer asks for the month.
    await first.page.goto('/student/dashboard');
    const myDues = first.page.getByRole('region', { name: studentsTexts.myDues.title });
    const plans = first.page.getByRole('region', { name: a.plans.title });
    await expect(plans).toContainText(a.plans.status(a.stages.active));
    await plans.screenshot({ path: test.info().outputPath('autopay-plans.png') });
    if (await myDues.count()) {
      await expect(myDues).not.toContainText(`${PLAN} · ${duePeriodLabel(period)}`);
    }
    await first.page
      .getByRole('link', { name: dashboardTexts.student.payments.receipt, exact: true })
      .first()
      .click();
    await expect(first.page).toHaveURL(/\/student\/receipts\//);
    // The receipt names the due it paid.
    await expect(
      first.page.getByText(`${PLAN} (${duePeriodLabel(period)}), ${first.student}: ₹2,000.00`),
    ).toBeVisible();
    await expectNoViolations(first.page, 'receipt of an Autopay debit');

    // The tutor's Dues tab agrees: the first paid, the second still owing, with the reason.
    await page.goto(`/tutor/dashboard?tab=dues`);
    const month = page.getByRole('table', { name: studentsTexts.duesTab.title });
    if (period !== istDateKey(new Date()).slice(0, 7)) {
      await page.getByRole('button', { name: studentsTexts.duesTab.next }).click();
    }
    await expect(month.getByRole('row').filter({ hasText: first.student })).toContainText(
      studentsTexts.duesTab.statuses.paid,
    );
    await expect(month.getByRole('row').filter({ hasText: second.student })).toContainText(
      studentsTexts.duesTab.statuses.open,
    );
    await expect(autopay.getByRole('article', { name: second.student })).toContainText(
      a.reasons.insufficientFunds,
    );
    await autopay.screenshot({ path: test.info().outputPath('autopay-tutor-after.png') });

    // The second's due is paid from its link, by hand, as any reminder's.
    await second.page.goto(new URL(url).pathname);
    await expect(second.page.getByText('₹2,000.00').first()).toBeVisible();
  } finally {
    await moveClock(request, { reset: true });
  }
});
