// Issue 14's journey (D146-D150): a tutor with three students on a monthly plan. The first
// parent pays from the reminder's link, the second is marked paid in cash, the third stays
// overdue and is reminded; the Dues tab's figures, its CSV and both dashboards agree to the
// paisa. Reminders go out 9:00-21:00 IST only, so outside those hours the tutor's 'Remind' is
// refused with that message and the first parent pays the due's own link instead.
import './support/texts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { dashboardTexts } from '../src/domain/dashboardTexts';
import { messages } from '../src/domain/messages';
import { inReminderHours } from '../src/domain/reminders';
import { studentsTexts } from '../src/domain/studentsTexts';
import { duePeriodLabel } from '../src/domain/duePeriod';
import { shiftMonth } from '../src/domain/feePlans';
import { istDateKey } from '../src/domain/time';
import { expectRedirectCountdown, expectStatus, payAtSandbox, review } from './support/checkout';
import { expectNoViolations } from './support/axe';
import { exportCsv, reloadUntilVisible } from './support/dashboards';
import { outbox, uniquePan, uniquePhone } from './support/sandbox';
import { loginAsNewStudent, newStudent, signUp } from './support/student';
import { onboardedTutorByApi, useTutorSession, type ApiTutor } from './support/tutor';

const t = studentsTexts.duesTab;
const p = studentsTexts.planEditor;
const mine = studentsTexts.myDues;

async function post<T>(request: APIRequestContext, url: string, token: string, data: object) {
  const response = await request.post(url, { headers: { Authorization: `Bearer ${token}` }, data });
  if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Three students of a new tutor in one batch, each with a parent who pays. */
async function classOfThree(request: APIRequestContext, tutor: ApiTutor) {
  const students = ['Aarav Shah', 'Diya Nair', 'Kabir Khan'].map((name) => ({
    name,
    phone: uniquePhone(),
    parentPhone: uniquePhone(),
  }));
  for (const s of students) {
    await post(request, '/api/v1/students/', tutor.token, {
      name: s.name,
      phone: s.phone,
      parent_name: `Parent of ${s.name}`,
      parent_phone: s.parentPhone,
      batch: 'E2E Class 9',
    });
  }
  return students;
}

const duesRow = (page: Page, student: string) =>
  page.getByRole('table', { name: t.title }).getByRole('row').filter({ hasText: student });
const figure = (page: Page, label: string, value: string) =>
  page.getByText(label, { exact: true }).locator('..').getByText(value, { exact: true });

/** Asks for a reminder now from the row; true when it went (within the hours). */
async function remind(page: Page, student: string): Promise<boolean> {
  await duesRow(page, student)
    .getByRole('button', { name: t.actionAria(t.remind, student) })
    .click();
  const dialog = page.getByRole('dialog', { name: t.remindTitle });
  await dialog.getByRole('button', { name: t.remindYes }).click();
  if (inReminderHours(new Date())) {
    await expect(page.getByText(t.reminded)).toBeVisible();
    return true;
  }
  await expect(dialog.getByRole('alert')).toHaveText(studentsTexts.reminders.outsideHours);
  await dialog.getByRole('button', { name: t.close, exact: true }).click();
  return false;
}

test('a month of fees: paid from the reminder, paid in cash, and one overdue', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const today = istDateKey(new Date());
  // A due day already past this month, so the due is overdue (on the 1st: today, so open).
  const dueDay = Math.min(28, Math.max(1, Number(today.slice(8)) - 1));
  const overdue = `${today.slice(0, 8)}${String(dueDay).padStart(2, '0')}` < today;
  const tutor = await onboardedTutorByApi(request);
  const [aarav, diya, kabir] = await classOfThree(request, tutor);

  // The tutor puts the batch on a ₹2,000 monthly plan on the Students tab.
  await useTutorSession(page, tutor);
  await page.goto('/tutor/dashboard?tab=students');
  const editor = page.getByRole('form', { name: p.newTitle });
  await editor.getByRole('textbox', { name: p.fields.name }).fill('Monthly fee');
  await editor.getByRole('textbox', { name: p.fields.batch }).fill('E2E Class 9');
  await editor.getByRole('textbox', { name: p.fields.amount }).fill('2000');
  await editor.getByRole('textbox', { name: p.fields.due_day }).fill(String(dueDay));
  await expectNoViolations(page, 'tutor dashboard: students, the plan editor');
  await editor.getByRole('button', { name: p.create }).click();
  await expect(editor.getByRole('status')).toHaveText(p.saved('Monthly fee'));
  const plans = page.getByRole('table', { name: p.title });
  await expect(plans.getByRole('row').filter({ hasText: 'Monthly fee' })).toContainText(
    p.monthlyFee('₹2,000.00', dueDay),
  );
  await page.goto('/tutor/dashboard?tab=dues');
  await expect(duesRow(page, aarav!.name)).toContainText('₹2,000.00');
  await expect(duesRow(page, kabir!.name)).toContainText(
    overdue ? t.statuses.overdue : t.statuses.open,
  );
  await expect(figure(page, t.figures.expected, '₹6,000.00')).toBeVisible();

  // The first parent pays from the reminder's link (or, outside the hours, the due's link).
  let url: string;
  if (await remind(page, aarav!.name)) {
    await expect.poll(async () => (await outbox(request, aarav!.parentPhone)).length).toBe(1);
    const [text] = await outbox(request, aarav!.parentPhone);
    expect(text!.body).toContain('Rs 2,000.00 for Monthly fee');
    // By WhatsApp, the default (D151).
    expect(text!.channel).toBe('whatsapp');
    url = /(https?:\/\/\S+\/payment-link\/\S+)/.exec(text!.body)![1]!;
  } else {
    // The due's own link, from the row's Link, with its QR.
    await duesRow(page, aarav!.name)
      .getByRole('button', { name: t.actionAria(t.link, aarav!.name) })
      .click();
    const shared = page.getByRole('dialog', { name: t.linkTitle(aarav!.name) });
    await expect(shared.getByRole('img', { name: t.linkQrAlt })).toBeVisible();
    await expectNoViolations(page, "tutor dashboard: a due's link and QR");
    url = (await shared.locator('code').textContent()) ?? '';
    await page.keyboard.press('Escape');
    await expect(shared).toBeHidden();
  }
  const parents = await browser.newContext();
  const parent = await parents.newPage();
  await parent.goto(new URL(url).pathname);
  const payer = await loginAsNewStudent(parent, request, {
    ...newStudent(),
    phone: aarav!.parentPhone,
  });
  await signUp(parent, payer);
  await review(parent).card.check();
  await review(parent).proceed.click();
  await payAtSandbox(parent, 'success', 'card');
  await expectRedirectCountdown(parent);
  await expectStatus(parent, messages.status.sent);

  // The second is paid in cash.
  await duesRow(page, diya!.name)
    .getByRole('button', { name: t.actionAria(t.paidCash, diya!.name) })
    .click();
  const settle = page.getByRole('dialog', { name: t.settleTitle });
  await expect(settle).toBeVisible();
  await expectNoViolations(page, 'tutor dashboard: dues, a confirm open');
  await settle.getByRole('button', { name: t.settleYes }).click();
  await expect(page.getByText(t.settled)).toBeVisible();

  // 'Paid another way' asks how; without a note nothing is marked, and Not now leaves it open.
  await duesRow(page, kabir!.name)
    .getByRole('button', { name: t.actionAria(t.paidOther, kabir!.name) })
    .click();
  const other = page.getByRole('dialog', { name: t.otherTitle });
  await other.getByRole('button', { name: t.settleYes }).click();
  await expect(other.getByText(t.otherNoteRequired)).toBeVisible();
  await expectNoViolations(page, 'tutor dashboard: paid another way, no note');
  await other.getByRole('button', { name: t.keep }).click();
  await expect(other).toBeHidden();

  // The tutor switches reminders to SMS only; the third is reminded of what is overdue, by SMS.
  const settings = page.getByRole('region', { name: t.settings.title });
  await expect(settings.getByRole('radio', { name: t.settings.channels.whatsapp })).toBeChecked();
  await settings.getByRole('radio', { name: t.settings.channels.sms }).check();
  await settings.getByRole('button', { name: t.settings.save }).click();
  await expect(settings.getByRole('status')).toHaveText(t.settings.saved);
  if (await remind(page, kabir!.name)) {
    await expect.poll(async () => (await outbox(request, kabir!.parentPhone)).length).toBe(1);
    expect((await outbox(request, kabir!.parentPhone))[0]!.channel).toBe('sms');
  }

  // The tutor's month, once the gateway's word on the first payment is in.
  await reloadUntilVisible(page, figure(page, t.figures.collected, '₹4,000.00'));
  await expect(figure(page, t.figures.outstanding, '₹2,000.00')).toBeVisible();
  await expect(figure(page, t.figures.overdue, t.overdueCount(overdue ? 1 : 0))).toBeVisible();
  await expect(duesRow(page, aarav!.name)).toContainText(t.statuses.paid);
  await expect(duesRow(page, diya!.name)).toContainText(t.statuses.paid);
  // The chart's bar for this month says the same.
  await expect(
    page
      .getByRole('region', { name: t.chart.title })
      .getByText(t.chart.collectedOf('₹4,000.00', '₹6,000.00')),
  ).toBeVisible();
  await expectNoViolations(page, 'tutor dashboard: dues of a month');
  await page.screenshot({
    fullPage: true,
  });

  // The ledger's CSV says the same.
  const csv = await exportCsv(page, t);
  const c = studentsTexts.dues.csv;
  const byName = new Map(csv.rows.slice(1).map((row) => [row[1], row]));
  expect(csv.rows).toHaveLength(4);
  expect(byName.get(aarav!.name)?.slice(5, 10)).toEqual(['2000.00', '2000.00', '0.00', 'Paid', '']);
  expect(byName.get(diya!.name)?.slice(5, 10)).toEqual([
    '2000.00',
    '2000.00',
    '0.00',
    'Paid',
    'Cash',
  ]);
  expect(byName.get(kabir!.name)?.slice(5, 9)).toEqual([
    '2000.00',
    '0.00',
    '2000.00',
    overdue ? c.statuses.overdue : c.statuses.open,
  ]);

  // The second student's history says how this month went: paid in cash.
  await page.goto('/tutor/dashboard?tab=students');
  await page
    .getByRole('button', { name: studentsTexts.actionAria(studentsTexts.history.open, diya!.name) })
    .click();
  const history = page.getByRole('dialog', { name: studentsTexts.history.title(diya!.name) });
  await expect(
    history
      .getByRole('row')
      .filter({ hasText: `Monthly fee · ${duePeriodLabel(today.slice(0, 7))}` }),
  ).toContainText(studentsTexts.history.settledBy.cash);
  await expectNoViolations(page, "tutor dashboard: a student's history");
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  // The tutor lets the plan take parts of at least ₹500 (a change to the running plan).
  await page
    .getByRole('table', { name: p.title })
    .getByRole('button', { name: p.actionAria(p.change, 'Monthly fee') })
    .click();
  const change = page.getByRole('form', { name: p.changeTitle('Monthly fee') });
  await change.getByRole('textbox', { name: p.fields.partial_minimum }).fill('500');
  await change.getByRole('button', { name: p.save }).click();
  await expect(page.getByRole('form', { name: p.newTitle }).getByRole('status')).toHaveText(
    p.saved('Monthly fee'),
  );

  // Both dashboards agree: the first parent owes nothing for this month (next month's fee,
  // written ahead, is all that shows); the third owes this month's ₹2,000.00 and next month's.
  const thisMonth = duePeriodLabel(today.slice(0, 7));
  await parent.goto('/student/dashboard');
  await expect(
    parent.getByRole('heading', { name: dashboardTexts.student.greeting }),
  ).toBeVisible();
  const paidUp = parent.getByRole('region', { name: mine.title });
  await expect(paidUp).toContainText(duePeriodLabel(shiftMonth(today.slice(0, 7), 1)));
  await expect(paidUp).not.toContainText(thisMonth);
  const owing = await browser.newContext();
  const kabirsParent = await owing.newPage();
  await kabirsParent.goto(`/student/login`);
  const login = { ...newStudent(), phone: kabir!.parentPhone, pan: uniquePan() };
  await loginAsNewStudent(kabirsParent, request, login);
  await signUp(kabirsParent, login);
  await kabirsParent.goto('/student/dashboard');
  const myDues = kabirsParent.getByRole('region', { name: mine.title });
  const thisMonthsDue = myDues.getByText(`Monthly fee · ${thisMonth}`).locator('../..');
  await expect(thisMonthsDue).toContainText('₹2,000.00');
  await expect(thisMonthsDue).toContainText(kabir!.name);
  if (overdue) await expect(thisMonthsDue).toContainText(mine.overdue);
  await expectNoViolations(kabirsParent, 'student dashboard: my dues');
  await expect(
    myDues.getByRole('button', {
      name: mine.payAllAria('₹4,000.00', `${tutor.firstName} ${tutor.lastName}`),
    }),
  ).toBeVisible();
  // A part of what is owed, as the plan now allows: ₹800 goes to a link for ₹800.
  await myDues.getByRole('textbox', { name: mine.partLabel }).fill('800');
  await myDues
    .getByRole('button', { name: mine.payPartAria(`${tutor.firstName} ${tutor.lastName}`) })
    .click();
  const confirmPart = kabirsParent.getByRole('dialog', { name: mine.confirmTitle });
  await expect(confirmPart).toContainText(
    mine.confirmQuestion('₹800.00', `${tutor.firstName} ${tutor.lastName}`),
  );
  await confirmPart.getByRole('button', { name: mine.confirmYes }).click();
  await expect(kabirsParent).toHaveURL(/\/payment-link\//);
  await expect(kabirsParent.getByText('₹800.00').first()).toBeVisible();
  await owing.close();
  await parents.close();
});
