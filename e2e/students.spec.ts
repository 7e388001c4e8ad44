// Issue 14 (D141, D143): a tutor keeps a list of students on the dashboard's Students tab; an
// add with a problem says which field, an added student is listed, a phone already there is
// refused; a student who paid the tutor is listed without being added ('Paid you').
import './support/texts';
import { expect, test, type Page } from '@playwright/test';
import { dashboardTexts } from '../src/domain/dashboardTexts';
import { messages } from '../src/domain/messages';
import { studentsTexts as t } from '../src/domain/studentsTexts';
import { openTutorTab } from './support/dashboards';
import { expectNoViolations } from './support/axe';
import { uniquePhone } from './support/sandbox';
import { dashboardGreeting, onboardedTutorByApi, useTutorSession } from './support/tutor';

const field = (page: Page, name: keyof typeof t.fields) =>
  page.getByRole('textbox', { name: t.fields[name] });

test('a tutor adds a student, sees them listed, and cannot add the same phone twice', async ({
  page,
  request,
}) => {
  const tutor = await onboardedTutorByApi(request);
  await useTutorSession(page, tutor);
  await page.goto('/tutor/dashboard');
  await expect(dashboardGreeting(page, tutor)).toBeVisible();
  await openTutorTab(page, dashboardTexts.tutor.students.tab);
  await expect(page.getByText(t.empty)).toBeVisible();

  // A parent's name without the parent's phone, and a phone too short: each field says so.
  await field(page, 'name').fill('Aarav Sharma');
  await field(page, 'phone').fill('98765');
  await field(page, 'parent_name').fill('Neha Sharma');
  await page.getByRole('button', { name: t.add }).click();
  await expect(field(page, 'phone')).toHaveAccessibleDescription(messages.validation.phone);
  await expect(field(page, 'parent_phone')).toHaveAccessibleDescription(t.api.parentPhoneRequired);

  const phone = uniquePhone();
  const parentPhone = uniquePhone();
  await field(page, 'phone').fill(phone);
  await field(page, 'parent_phone').fill(parentPhone);
  await field(page, 'batch').fill('Class 10 Maths');
  await page.getByRole('button', { name: t.add }).click();
  await expect(page.getByRole('status').filter({ hasText: t.added('Aarav Sharma') })).toBeVisible();
  await expect(field(page, 'name')).toHaveValue('');
  const table = page.getByRole('table', { name: t.title });
  const row = table.getByRole('row').filter({ hasText: 'Aarav Sharma' });
  await expect(row).toContainText(phone);
  await expect(row).toContainText(`Neha Sharma ${parentPhone}`);
  await expect(row).toContainText('Class 10 Maths');

  // The same phone again: the server's refusal under the form, nothing added.
  await field(page, 'name').fill('Aarav S');
  await field(page, 'phone').fill(phone);
  await page.getByRole('button', { name: t.add }).click();
  await expect(page.getByRole('alert').filter({ hasText: t.api.duplicate })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
});

test('a tutor adds students from a CSV: each problem by row, then only the valid rows', async ({
  page,
  request,
}) => {
  const tutor = await onboardedTutorByApi(request);
  await useTutorSession(page, tutor);
  await page.goto('/tutor/dashboard?tab=students');
  await expect(page.getByText(t.empty)).toBeVisible();

  const [diya, kabir] = [uniquePhone(), uniquePhone()];
  const csv = [
    'Name,Phone,Parent name,Parent phone,Batch',
    `Diya Patel,${diya},,,Class 9`,
    'Bad Phone,98765,,,',
    `Kabir Rao,+91 ${kabir},Meera Rao,,`,
  ].join('\n');
  await page.getByLabel(t.import.file).setInputFiles({
    name: 'students.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(page.getByRole('status').filter({ hasText: t.import.ready(1) })).toBeVisible();
  await expect(page.getByText(t.import.problem(3, messages.validation.phone))).toBeVisible();
  await expect(page.getByText(t.import.problem(4, t.api.parentPhoneRequired))).toBeVisible();
  await expect(page.getByRole('button', { name: t.import.importAll(1) })).toHaveCount(0);

  await page.getByRole('button', { name: t.import.importValid(1) }).click();
  await expect(page.getByRole('status').filter({ hasText: t.import.imported(1) })).toContainText(
    t.import.skipped(2),
  );
  const table = page.getByRole('table', { name: t.title });
  await expect(table.getByRole('row').filter({ hasText: 'Diya Patel' })).toContainText(diya);
  await expect(table.getByRole('row')).toHaveCount(2);

  // D210: the imported phone gets no reminder until the tutor confirms it.
  await expect(table.getByRole('row').filter({ hasText: 'Diya Patel' })).toContainText(
    t.notConfirmed,
  );
  await expect(page.getByText(t.confirmPhones.intro(1))).toBeVisible();
  await page.getByRole('button', { name: t.confirmPhones.button(1) }).click();
  const dialog = page.getByRole('dialog', { name: t.confirmPhones.title });
  await expect(dialog).toContainText(t.confirmPhones.question(1));
  await dialog.getByRole('button', { name: t.confirmPhones.yes }).click();
  await expect(page.getByRole('status').filter({ hasText: t.confirmPhones.done })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Diya Patel' })).not.toContainText(
    t.notConfirmed,
  );
  await expect(page.getByRole('button', { name: t.confirmPhones.button(1) })).toHaveCount(0);
});

test('a tutor keeps the roster: a move, a student who left and came back, a plan for a batch as typed', async ({
  page,
  request,
}) => {
  const tutor = await onboardedTutorByApi(request);
  const add = async (name: string, batch: string) => {
    const res = await request.post('/api/v1/students/', {
      headers: { Authorization: `Bearer ${tutor.token}` },
      data: { name, phone: uniquePhone(), batch },
    });
    expect(res.ok()).toBe(true);
  };
  await add('Ira Sen', 'Class 10 Maths');
  await add('Vihaan Das', 'Class 9');
  await useTutorSession(page, tutor);
  await page.goto('/tutor/dashboard?tab=students');
  const table = page.getByRole('table', { name: t.title });

  // Vihaan moves to Class 10 Maths (D230): the batch offered as the tutor has it.
  await table.getByRole('button', { name: t.actionAria(t.edit.open, 'Vihaan Das') }).click();
  const edit = page.getByRole('dialog', { name: t.edit.title('Vihaan Das') });
  await edit.getByRole('combobox', { name: t.fields.batch }).fill('class 10 maths');
  await edit.getByRole('button', { name: t.edit.save }).click();
  await expect(table.getByRole('row').filter({ hasText: 'Vihaan Das' })).toContainText(
    'class 10 maths',
  );

  // Ira leaves, and is listed with those who left, then comes back.
  await table.getByRole('button', { name: t.actionAria(t.leave.open, 'Ira Sen') }).click();
  await page
    .getByRole('dialog', { name: t.leave.title })
    .getByRole('button', { name: t.leave.yes })
    .click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByText(t.statuses.left, { exact: true }).click();
  await expect(table.getByRole('row').filter({ hasText: 'Ira Sen' })).toBeVisible();
  await table.getByRole('button', { name: t.actionAria(t.restore.open, 'Ira Sen') }).click();
  await page
    .getByRole('dialog', { name: t.restore.title })
    .getByRole('button', { name: t.restore.yes })
    .click();
  await expect(page.getByText(t.emptyLeft)).toBeVisible();
  await page.getByText(t.statuses.current, { exact: true }).click();

  // A plan: '25oo' is refused at the fee; a typo of the batch asks first and offers the batch
  // meant; ₹1,200.50 is kept as ₹1,200.50 (D233, D234).
  const p = t.planEditor;
  const editor = page.getByRole('form', { name: p.newTitle });
  await editor.getByRole('textbox', { name: p.fields.name }).fill('Maths monthly');
  await editor.getByRole('combobox', { name: p.fields.batch }).fill('Class 10 Math');
  await editor.getByRole('textbox', { name: p.fields.amount }).fill('25oo');
  await editor.getByRole('button', { name: p.create }).click();
  await expect(editor.getByRole('textbox', { name: p.fields.amount })).toHaveAccessibleDescription(
    t.plans.feeNotAmount,
  );
  await editor.getByRole('textbox', { name: p.fields.amount }).fill('1200.50');
  await editor.getByRole('button', { name: p.create }).click();
  const question = editor.getByRole('alert').filter({ hasText: p.emptyTitle });
  await expect(question).toContainText(p.emptyQuestion('Class 10 Math'));
  await expectNoViolations(page, 'tutor dashboard: a plan for a batch no one is in');
  await question.getByRole('button', { name: p.useBatch('Class 10 Maths', 2) }).click();
  await editor.getByRole('button', { name: p.create }).click();
  await expect(editor.getByRole('status')).toHaveText(p.saved('Maths monthly'));
  const plan = page
    .getByRole('table', { name: p.title })
    .getByRole('row')
    .filter({ hasText: 'Maths monthly' });
  await expect(plan).toContainText(p.forBatch('Class 10 Maths', 2));
  await expect(plan).toContainText('₹1,200.50');
});

test('a tutor sees the device logged in and logs it out', async ({ page, request }) => {
  const tutor = await onboardedTutorByApi(request);
  await useTutorSession(page, tutor);
  await page.goto('/tutor/dashboard?tab=devices');
  const d = dashboardTexts.devices;
  const list = page.getByRole('region', { name: d.title });
  const here = list.getByRole('article');
  await expect(here).toHaveCount(1);
  await expect(here).toContainText(d.current);
  await expectNoViolations(page, 'tutor dashboard: devices');
  await here.getByRole('button', { name: d.logoutThis }).click();
  await page
    .getByRole('dialog', { name: d.confirmTitle })
    .getByRole('button', { name: d.yes })
    .click();
  // The session ends here too: back to the login, and the token is refused.
  await expect(page).toHaveURL(/\/tutor\/login/);
  const gone = await request.get('/api/v1/user/me/', {
    headers: { Authorization: `Bearer ${tutor.token}` },
  });
  expect(gone.status()).toBe(401);
});
