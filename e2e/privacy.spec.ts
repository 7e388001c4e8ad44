// Issue 54 in Chromium: the notice on sign-up, 'Your data' (a download, withdrawing, erasing and
// what was kept), the consent gate a withdrawn consent brings back, and the tutor's audit trail;
// axe on each screen. Each screen is also saved as a picture (a 360 px window too on the phone
// run) in the test's output folder, to look at.
import './support/texts';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { NOTICE_VERSION } from '../src/domain/privacy';
import { privacyTexts } from '../src/domain/privacyTexts';
import { dashboardTexts } from '../src/domain/dashboardTexts';
import { expectNoViolations } from './support/axe';
import { loginAsNewStudent, newStudent, noticeBox, signUp } from './support/student';
import { onboardedTutorByApi, useTutorSession } from './support/tutor';

const m = privacyTexts.myData;
const gate = privacyTexts.gate;

/** axe, then the screen as a picture (and at 360 px wide on the phone run). */
async function look(page: Page, info: TestInfo, screen: string) {
  await page.waitForLoadState('networkidle');
  await expectNoViolations(page, screen);
  const file = (width: string) => info.outputPath(`${screen.replace(/\W+/g, '-')}-${width}.png`);
  await page.screenshot({ path: file(info.project.name), fullPage: true });
  if (info.project.name !== 'phone') return;
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: size.height });
  await page.screenshot({ path: file('360'), fullPage: true });
  await page.setViewportSize(size);
}

test('a student agrees on sign-up, downloads their data, withdraws, agrees again, erases', async ({
  page,
  request,
}, info) => {
  const student = newStudent();
  await page.goto('/student/login');
  await loginAsNewStudent(page, request, student);
  await expect(page.getByText(privacyTexts.notice.version(NOTICE_VERSION))).toBeVisible();
  await expect(noticeBox(page)).not.toBeChecked();
  await look(page, info, 'sign-up with the notice');
  await signUp(page, student);
  await expect(page).toHaveURL(/\/student\/dashboard$/);

  const mine = page.getByRole('region', { name: m.title });
  await expect(mine.getByText(/^You agreed to privacy notice/)).toBeVisible();
  // The JSON download holds their own whole PAN: the one answer that shows it, to its owner.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    mine.getByRole('button', { name: m.downloadJson }).click(),
  ]);
  const json = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    profile: { pan: string; phone: string };
  };
  expect(json.profile).toMatchObject({ pan: student.pan, phone: student.phone });
  await expect(mine.getByRole('status')).toHaveText(m.downloaded(download.suggestedFilename()));
  // A second download within the minute gets the server's clear answer.
  await mine.getByRole('button', { name: m.downloadPdf }).click();
  await expect(mine.getByRole('alert')).toContainText(/less than a minute ago/);
  await look(page, info, 'your data');

  await mine.getByRole('button', { name: m.withdraw }).click();
  const withdraw = page.getByRole('dialog', { name: m.withdrawTitle });
  await expect(withdraw).toBeVisible();
  await look(page, info, 'withdraw consent');
  await withdraw.getByRole('button', { name: m.withdrawConfirm }).click();
  await expect(mine.getByText(m.withdrawn)).toBeVisible();

  // The next visit asks again, as a new notice version would.
  await page.reload();
  const asking = page.getByRole('dialog', { name: gate.title });
  await expect(asking).toBeVisible();
  await expect(asking.getByRole('button', { name: gate.submit })).toBeDisabled();
  await look(page, info, 'consent gate');
  await asking.getByRole('checkbox', { name: privacyTexts.notice.agree }).check();
  await asking.getByRole('button', { name: gate.submit }).click();
  await expect(asking).toBeHidden();

  await mine.getByRole('button', { name: m.erase }).click();
  const erase = page.getByRole('dialog', { name: m.eraseTitle });
  await look(page, info, 'erase your data');
  await erase.getByRole('button', { name: m.eraseConfirm }).click();
  await expect(page.getByRole('heading', { name: m.erasedTitle })).toBeVisible();
  await expect(page.getByText(m.keptNothing)).toBeVisible();
  await look(page, info, 'erased and what was kept');
});

test("a tutor's 'Your data' tab: their data and who saw or changed it", async ({
  page,
  request,
}, info) => {
  const tutor = await onboardedTutorByApi(request);
  await useTutorSession(page, tutor);
  await page.goto('/tutor/dashboard?tab=privacy');
  await expect(
    page.getByRole('tab', { name: dashboardTexts.tutor.privacy.tab, selected: true }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: privacyTexts.audit.title })).toBeVisible();
  // Their PAN saved and their bank account added, by them, in the trail.
  await expect(page.getByText(/saved the PAN of/).first()).toBeVisible();
  await look(page, info, 'tutor your data and trail');
});
