// Issue 5, journeys 1, 2 and 4: a payment link made in the tutor's dashboard is paid, and both
// dashboards, the CSV export, the receipt and its PDF show the same figures; a refund asked
// for by the student and approved by the tutor shows on both sides until it is refunded; after
// Logout the old token is refused and the dashboards send each person to their login.
import './support/texts';
import { pdfLines } from '../tests/support/pdf';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { apiMessages } from '../src/domain/apiMessages';
import { dashboardTexts } from '../src/domain/dashboardTexts';
import { messages } from '../src/domain/messages';
import { studentsTexts } from '../src/domain/studentsTexts';
import {
  expectBreakup,
  expectOnReview,
  expectStatus,
  listValue,
  orderIdOf,
  payAtSandbox,
  review,
} from './support/checkout';
import {
  approveRefund,
  createLinkInDashboard,
  csvRupees,
  downloadPdf,
  expectCardBreakup,
  expectLinkListed,
  expectReceiptFigures,
  exportCsv,
  openTutorTab,
  paymentCard,
  receivedRow,
  refundRow,
  reloadUntilVisible,
  requestRefund,
  rowCells,
  type Figures,
} from './support/dashboards';
import { loginAsNewStudent, newSignedUpStudent, signUp, type NewStudent } from './support/student';
import {
  dashboardGreeting,
  onboardedTutorByApi,
  useTutorSession,
  type ApiTutor,
} from './support/tutor';

const tt = dashboardTexts.tutor;
const st = dashboardTexts.student;
const refundLabels = apiMessages.refunds.statusLabels;

/** A ₹2,500 link paid by card at the default 1% fee (D9). */
const LINK_AMOUNT = '2500';
const FIGURES: Figures = {
  amount: '₹2,500.00',
  fee: '₹25.00',
  charges: '₹4.85',
  total: '₹2,529.85',
};

/** `studentPage`: the student's own browser (another context: another person, another device). */
const test = base.extend<{ studentPage: Page }>({
  studentPage: async ({ browser }, use) => {
    const context = await browser.newContext();
    await use(await context.newPage());
    await context.close();
  },
});

interface PaidLink {
  tutor: ApiTutor;
  tutorName: string;
  student: NewStudent;
  studentName: string;
  orderId: string;
}

/** The new tutor's dashboard, logged in as a login would leave it. */
async function openTutorDashboard(page: Page, tutor: ApiTutor): Promise<void> {
  await useTutorSession(page, tutor);
  await page.goto('/tutor/dashboard');
  await expect(dashboardGreeting(page, tutor)).toBeVisible();
}

/**
 * A tutor of their own creates a link in the dashboard's 'Payment links' tab; a new student
 * opens it in their own browser, logs in, signs up and pays it by card ('Sent').
 */
async function payLinkMadeInDashboard(
  { tutorPage: page, studentPage }: { tutorPage: Page; studentPage: Page },
  request: APIRequestContext,
  purpose: string,
): Promise<PaidLink> {
  const tutor = await onboardedTutorByApi(request);
  await openTutorDashboard(page, tutor);
  const url = await createLinkInDashboard(page, { amount: LINK_AMOUNT, purpose });
  await expectLinkListed(page, purpose, tt.links.statusLabels.ACTIVE);

  await studentPage.goto(url);
  const student = await loginAsNewStudent(studentPage, request);
  await signUp(studentPage, student);
  await expectOnReview(studentPage);
  await review(studentPage).card.check();
  await expectBreakup(studentPage, FIGURES);
  await review(studentPage).proceed.click();
  await payAtSandbox(studentPage, 'success', 'card');
  await expectStatus(studentPage, messages.status.sent);
  return {
    tutor,
    tutorName: `${tutor.firstName} ${tutor.lastName}`,
    student,
    studentName: `${student.firstName} ${student.lastName}`,
    orderId: orderIdOf(studentPage),
  };
}

test('a link made in the dashboard is paid; both sides, the CSV and the PDF agree', async ({
  page: tutorPage,
  studentPage,
  request,
}) => {
  const paid = await payLinkMadeInDashboard(
    { tutorPage, studentPage },
    request,
    'E2E dashboard link',
  );
  const { orderId, studentName, tutorName } = paid;

  // The tutor: the link is paid, and the Payments tab has the payment with the same figures.
  await tutorPage.reload();
  await expectLinkListed(tutorPage, 'E2E dashboard link', tt.links.statusLabels.PAID);
  await openTutorTab(tutorPage, tt.payments.tab);
  const row = receivedRow(tutorPage, studentName);
  await expect(row).toHaveCount(1);
  const cells = await rowCells(row);
  expect(cells.slice(1, 5)).toEqual([
    studentName,
    FIGURES.amount,
    FIGURES.fee,
    tt.payments.paidStatus,
  ]);

  // Its CSV export (this month, the default range) has the same row.
  const csv = await exportCsv(tutorPage);
  expect(csv.fileName).toMatch(/\.csv$/);
  expect(csv.rows[0]).toEqual([...apiMessages.paymentHistory.csvHeaders]);
  const csvRow = csv.rows.find((cellsOfRow) => cellsOfRow[0] === orderId);
  expect(csvRow?.slice(2, 10)).toEqual([
    studentName,
    paid.student.phone,
    csvRupees(FIGURES.amount),
    csvRupees(FIGURES.fee),
    csvRupees(FIGURES.charges),
    csvRupees(FIGURES.total),
    apiMessages.paymentHistory.methodCard,
    'PAID',
  ]);

  // Issue 14: the Students tab lists the student who paid, without being added.
  await openTutorTab(tutorPage, tt.students.tab);
  const studentRow = tutorPage
    .getByRole('table', { name: studentsTexts.title })
    .getByRole('row')
    .filter({ hasText: studentName });
  await expect(studentRow).toContainText(studentsTexts.paidYou);
  await expect(studentRow).toContainText(paid.student.phone);

  // The student: the dashboard's card shows the same breakup.
  await studentPage.goto('/student/dashboard');
  const card = paymentCard(studentPage, tutorName);
  await expectCardBreakup(card, tutorName, FIGURES);
  await expect(card.getByText(messages.status.sent, { exact: true })).toBeVisible();

  // The receipt page shows them too, and its PDF carries the order id and the total.
  await card.getByRole('link', { name: st.payments.receipt, exact: true }).click();
  await expect(studentPage).toHaveURL(new RegExp(`/student/receipts/${orderId}$`));
  await expectReceiptFigures(studentPage, orderId, FIGURES);
  const { fileName, pdf } = await downloadPdf(studentPage, studentPage);
  expect(fileName).toBe(apiMessages.receipts.fileName(orderId));
  expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
  const lines = pdfLines(pdf);
  expect(lines).toContain(`${apiMessages.receipts.receiptNumber} | ${orderId}`);
  expect(lines).toContain(`${apiMessages.receipts.total} | ${FIGURES.total}`);
  // Both sides as the page names them (issue 13: the PDF had no phone, a bare username).
  const sheet = studentPage.getByRole('region', { name: apiMessages.receipts.title });
  for (const label of [apiMessages.receipts.paidTo, apiMessages.receipts.paidBy]) {
    const shown = await listValue(sheet, label).innerText();
    expect(lines).toContain(`${label} | ${shown}`);
  }
});

test('a refund asked for within 24 hours is approved once and shows on both sides', async ({
  page: tutorPage,
  studentPage,
  request,
}) => {
  const paid = await payLinkMadeInDashboard(
    { tutorPage, studentPage },
    request,
    'E2E refunded link',
  );
  const { studentName, tutorName, tutor } = paid;

  // The student asks for the refund from the dashboard.
  await studentPage.goto('/student/dashboard');
  const card = paymentCard(studentPage, tutorName);
  await requestRefund(studentPage, card, 'The class was cancelled.');
  await expect(card.getByText(st.payments.refund(refundLabels.REQUESTED))).toBeVisible();
  await expect(
    card.getByRole('button', { name: st.payments.requestRefund, exact: true }),
  ).toHaveCount(0);

  // The tutor sees the request with the reason and approves it, behind the confirm dialog.
  await tutorPage.reload();
  await openTutorTab(tutorPage, tt.refunds.tab);
  const row = refundRow(tutorPage, studentName);
  await expect(row).toContainText('The class was cancelled.');
  await expect(row).toContainText(FIGURES.total);
  await approveRefund(tutorPage, studentName, FIGURES.total);
  // Approved once: no decision is left to make.
  await expect(
    row.getByRole('button', { name: tt.refunds.approveAria(studentName), exact: true }),
  ).toHaveCount(0);
  await expect(
    row
      .getByText(refundLabels.PENDING, { exact: true })
      .or(row.getByText(refundLabels.SUCCESS, { exact: true })),
  ).toBeVisible();

  // The gateway refunds it a few seconds later: both sides show it refunded.
  await reloadUntilVisible(tutorPage, row.getByText(refundLabels.SUCCESS, { exact: true }));
  await reloadUntilVisible(
    studentPage,
    card.getByText(st.payments.refund(refundLabels.SUCCESS), { exact: true }),
  );
  await openTutorTab(tutorPage, tt.payments.tab);
  await expect(receivedRow(tutorPage, studentName)).toContainText(
    tt.payments.refundStatus(refundLabels.SUCCESS),
  );

  // A second approval through the API changes nothing (409).
  const headers = { Authorization: `Bearer ${tutor.token}` };
  const list = await tutorPage.request.get('/api/v1/payments/refunds/', { headers });
  expect(list.status()).toBe(200);
  const [refund] = ((await list.json()) as { results: { id: string; status: string }[] }).results;
  expect(refund?.status).toBe('SUCCESS');
  const again = await tutorPage.request.post(`/api/v1/payments/refunds/${refund?.id}/approve/`, {
    headers,
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { message: string }).message).toBe(
    apiMessages.refunds.alreadyApproved,
  );
});

/** The API refuses `token` now (the session is gone). */
async function expectTokenRefused(request: APIRequestContext, token: string) {
  const me = await request.get('/api/v1/user/me/', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(me.status()).toBe(401);
}

test('after Logout the tutor token is refused and the dashboard asks for a login', async ({
  page,
  request,
}) => {
  const tutor = await onboardedTutorByApi(request);
  await openTutorDashboard(page, tutor);
  await page.getByRole('button', { name: messages.tutorDashboard.logout, exact: true }).click();
  await expect(page).toHaveURL(/\/tutor\/login$/);
  await expectTokenRefused(request, tutor.token);

  await page.goto('/tutor/dashboard');
  await expect(page).toHaveURL(/\/tutor\/login$/);
});

test('after Logout the student token is refused and the dashboard asks for a login', async ({
  page,
  request,
}) => {
  await newSignedUpStudent(page, request);
  await expect(page.getByRole('heading', { level: 1, name: st.greeting })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('access-token'));
  expect(token).toBeTruthy();
  await page.getByRole('button', { name: st.logout, exact: true }).click();
  await expect(page).toHaveURL(/\/student\/login$/);
  await expectTokenRefused(request, token ?? '');

  await page.goto('/student/dashboard');
  await expect(page).toHaveURL(/\/student\/login$/);
});
