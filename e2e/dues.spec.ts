// Issue 14's journey (D146-D150), grown by issue 48 to a class of 40 (D244): the tutor adds the
// class from the sheet they keep (everyday headers, D241), over two pages of students, puts
// a misspelt name right (D230), and puts the batch on a monthly plan (written in another case,
// D234). The first parent pays from the reminder's link, the second pays cash on the Dues tab
// (an amount and a day, a receipt to share, D237), the third stays overdue and is reminded; the
// table finds them (D239), its totals, figures, CSV and both dashboards agree to the paisa.
// Reminders go out 9:00-21:00 IST only, so outside those hours the tutor's 'Remind' is refused
// with that message and the first parent pays the due's own link instead.
import './support/texts';
import { expect, test, type Page } from '@playwright/test';
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
import { onboardedTutorByApi, useTutorSession } from './support/tutor';

const t = studentsTexts.duesTab;
const p = studentsTexts.planEditor;
const mine = studentsTexts.myDues;

/** Forty students of a new tutor in one batch, each with a parent who pays: three we follow. */
function classOfForty() {
  const others = Array.from(
    { length: 37 },
    (_, i) => `Learner ${'ABC'[Math.floor(i / 26)]}${'abcdefghijklmnopqrstuvwxyz'[i % 26]}`,
  );
  return ['Aarav Shah', 'Diya Nair', 'Kabir Khan', ...others].map((name) => ({
    name,
    phone: uniquePhone(),
    parentPhone: uniquePhone(),
  }));
}

/** The sheet a tutor keeps, as they name its columns (D241), with one name misspelt. */
const sheetOf = (students: ReturnType<typeof classOfForty>) =>
  [
    'Sr No,Student Name,Mobile No,Father Name,Father Mobile,Class',
    ...students.map(
      (s, i) =>
        `${i + 1},${s.name === 'Kabir Khan' ? 'Kabeer Khan' : s.name},${s.phone},Parent of ${s.name},${s.parentPhone},E2E Class 9`,
    ),
  ].join('\n');

const duesRow = (page: Page, student: string) =>
  page.getByRole('table', { name: t.title }).getByRole('row').filter({ hasText: student });
const figure = (page: Page, label: string, value: string) =>
  page.getByText(label, { exact: true }).locator('..').getByText(value, { exact: true });

/** Asks for a reminder now from the row; true when it went (within the hours). */
async function remind(page: Page, student: string): Promise<boolean> {
  await duesRow(page, student)
    .getByRole('button', { name: t.moreAria(student) })
    .click();
  await page.getByRole('menuitem', { name: t.remind }).click();
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
  const students = classOfForty();
  const [aarav, diya, kabir] = students;

  // The tutor adds the class from their sheet: forty students, over two pages.
  await useTutorSession(page, tutor);
  await page.goto('/tutor/dashboard?tab=students');
  await page.getByLabel(studentsTexts.import.file).setInputFiles({
    name: 'class.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(sheetOf(students)),
  });
  await page.getByRole('button', { name: studentsTexts.import.importAll(40) }).click();
  await expect(
    page.getByRole('status').filter({ hasText: studentsTexts.import.imported(40) }),
  ).toBeVisible();
  const roster = page.getByRole('table', { name: studentsTexts.title });
  await expect(roster.getByRole('row')).toHaveCount(21);
  const pager = page.getByRole('navigation', { name: studentsTexts.title });
  await pager.getByRole('button', { name: dashboardTexts.common.next }).click();
  await expect(roster.getByRole('row')).toHaveCount(21);
  await expect(roster).toContainText(students.at(-1)!.name);
  await pager.getByRole('button', { name: dashboardTexts.common.previous }).click();
  // The misspelt name is put right (D230).
  await roster
    .getByRole('button', { name: studentsTexts.actionAria(studentsTexts.edit.open, 'Kabeer Khan') })
    .click();
  const edit = page.getByRole('dialog', { name: studentsTexts.edit.title('Kabeer Khan') });
  await edit.getByRole('textbox', { name: studentsTexts.fields.name }).fill(kabir!.name);
  await edit.getByRole('button', { name: studentsTexts.edit.save }).click();
  await expect(
    page.getByRole('status').filter({ hasText: studentsTexts.edit.saved(kabir!.name) }),
  ).toBeVisible();

  // The tutor puts the batch on a ₹2,000 monthly plan, the batch written in another case.
  const editor = page.getByRole('form', { name: p.newTitle });
  await editor.getByRole('textbox', { name: p.fields.name }).fill('Monthly fee');
  await editor.getByRole('combobox', { name: p.fields.batch }).fill('e2e class 9');
  await editor.getByRole('textbox', { name: p.fields.amount }).fill('2000');
  await editor.getByRole('textbox', { name: p.fields.due_day }).fill(String(dueDay));
  await expectNoViolations(page, 'tutor dashboard: students, the plan editor');
  await editor.getByRole('button', { name: p.create }).click();
  await expect(editor.getByRole('status')).toHaveText(p.saved('Monthly fee'));
  const plans = page.getByRole('table', { name: p.title });
  const planRow = plans.getByRole('row').filter({ hasText: 'Monthly fee' });
  await expect(planRow).toContainText(p.monthlyFee('₹2,000.00', dueDay));
  await expect(planRow).toContainText(p.forBatch('e2e class 9', 40));
  await page.goto('/tutor/dashboard?tab=dues');
  await expect(duesRow(page, aarav!.name)).toContainText('₹2,000.00');
  await expect(duesRow(page, kabir!.name)).toContainText(
    overdue ? t.statuses.overdue : t.statuses.open,
  );
  await expect(figure(page, t.figures.expected, '₹80,000.00')).toBeVisible();
  // The table's totals row, and finding one student among forty (D239).
  const table = page.getByRole('table', { name: t.title });
  await expect(table.locator('tfoot')).toContainText(t.totals(40));
  await expect(table.locator('tfoot')).toContainText('₹80,000.00');
  const filters = page.getByRole('search', { name: t.filters.label });
  await filters.getByRole('searchbox', { name: t.filters.search }).fill('kabir');
  await expect(table.locator('tbody').getByRole('row')).toHaveCount(1);
  await expect(table.locator('tfoot')).toContainText(t.totals(1));
  await filters.getByRole('button', { name: t.filters.showAll }).click();
  await expect(table.locator('tbody').getByRole('row')).toHaveCount(40);

  // The first parent pays from the reminder's link (or, outside the hours, the due's link).
  let url: string;
  if (await remind(page, aarav!.name)) {
    await expect.poll(async () => (await outbox(request, aarav!.parentPhone)).length).toBe(1);
    const [text] = await outbox(request, aarav!.parentPhone);
    // D240: it names the student, in the one sign every template allows.
    expect(text!.body).toContain(`for ${aarav!.name}: Rs 2,000.00 for Monthly fee`);
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
    // Shared on WhatsApp, to the parent's number (D239).
    await expect(shared.getByRole('link', { name: t.shareWhatsApp })).toHaveAttribute(
      'href',
      new RegExp(`^https://wa\\.me/91${aarav!.parentPhone}\\?text=`),
    );
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

  // The second pays cash: an amount and a day (D237); the receipt goes to the parent.
  await duesRow(page, diya!.name)
    .getByRole('button', { name: t.actionAria(t.paidCash, diya!.name) })
    .click();
  const cash = page.getByRole('dialog', { name: t.cash.title(diya!.name) });
  await expect(cash.getByRole('textbox', { name: t.cash.amount })).toHaveValue('2000');
  await cash.getByRole('textbox', { name: t.cash.amount }).fill('25oo');
  await cash.getByRole('button', { name: t.cash.save }).click();
  await expect(cash.getByRole('textbox', { name: t.cash.amount })).toHaveAccessibleDescription(
    studentsTexts.plans.feeNotAmount,
  );
  await expectNoViolations(page, 'tutor dashboard: dues, paid in cash');
  await cash.getByRole('textbox', { name: t.cash.amount }).fill('2000.00');
  await cash.getByRole('button', { name: t.cash.save }).click();
  const receipt = cash.getByRole('status');
  await expect(receipt).toContainText(/CR-\d{6}/);
  await expect(cash.getByRole('link', { name: t.cash.share })).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/91${diya!.parentPhone}\\?text=`),
  );
  // The receipt's own Close (the dialog's corner has one too).
  await cash.getByRole('button', { name: t.cash.close }).last().click();
  await expect(cash).toBeHidden();
  await expect(duesRow(page, diya!.name)).toContainText(t.statuses.paid);

  // 'Paid another way' asks how; without a note nothing is marked, and Not now leaves it open.
  await duesRow(page, kabir!.name)
    .getByRole('button', { name: t.moreAria(kabir!.name) })
    .click();
  await page.getByRole('menuitem', { name: t.paidOther }).click();
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
  await expect(figure(page, t.figures.outstanding, '₹76,000.00')).toBeVisible();
  await expect(figure(page, t.figures.overdue, t.overdueCount(overdue ? 38 : 0))).toBeVisible();
  await expect(duesRow(page, aarav!.name)).toContainText(t.statuses.paid);
  await expect(duesRow(page, diya!.name)).toContainText(t.statuses.paid);
  // The chart's bar for this month says the same.
  await expect(
    page
      .getByRole('region', { name: t.chart.title })
      .getByText(t.chart.collectedOf('₹4,000.00', '₹80,000.00')),
  ).toBeVisible();
  await expectNoViolations(page, 'tutor dashboard: dues of a month');
  await page.screenshot({
    fullPage: true,
  });

  // The ledger's CSV says the same.
  const csv = await exportCsv(page, t);
  const c = studentsTexts.dues.csv;
  const byName = new Map(csv.rows.slice(1).map((row) => [row[1], row]));
  expect(csv.rows).toHaveLength(41);
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
