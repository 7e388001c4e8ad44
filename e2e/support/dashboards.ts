// The dashboards of issue 5 as a person uses them: the tutor's tabs (Payment links, Payments,
// Refunds), the student's payment cards, receipt and refund request, and the files they
// download (the CSV export, the receipt PDF).
import { readFile } from 'node:fs/promises';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { apiMessages } from '../../src/domain/apiMessages';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { messages } from '../../src/domain/messages';
import { listValue } from './checkout';

const tutorTexts = dashboardTexts.tutor;
const studentTexts = dashboardTexts.student;

/** One payment's figures as the screens show them (₹, Indian grouping). */
export interface Figures {
  amount: string;
  fee: string;
  charges: string;
  total: string;
}

/** '₹2,529.85' → '2529.85' (the CSV's plain rupees). */
export const csvRupees = (shown: string) => shown.replace(/[₹,]/g, '');

// ---- The tutor ----

/** Opens a tab of /tutor/dashboard by its label (the dashboard is already open). */
export async function openTutorTab(page: Page, label: string): Promise<void> {
  const tab = page.getByRole('tab', { name: label, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** 'Payment links' tab: fills the create form and creates the link; returns its URL. */
export async function createLinkInDashboard(
  page: Page,
  link: { amount: string; purpose: string },
): Promise<string> {
  const t = tutorTexts.links;
  await openTutorTab(page, t.tab);
  const form = page.getByRole('region', { name: t.createTitle });
  await form.getByRole('textbox', { name: t.amount }).fill(link.amount);
  await form.getByRole('textbox', { name: t.purpose }).fill(link.purpose);
  await form.getByRole('button', { name: t.create, exact: true }).click();
  const created = form.getByRole('status');
  await expect(created).toContainText(t.created);
  const url = (await created.locator('code').textContent()) ?? '';
  expect(url).toMatch(/\/payment-link\/[^/]+$/);
  return url;
}

/** The tutor's list of links shows the link with its status label. */
export async function expectLinkListed(page: Page, purpose: string, status: string) {
  const list = page.getByRole('region', { name: tutorTexts.links.listTitle });
  const row = list.getByRole('row').filter({ hasText: purpose });
  await expect(row.getByText(status, { exact: true })).toBeVisible();
}

/** A row of the Payments tab's table, found by the student's name. */
export function receivedRow(page: Page, studentName: string): Locator {
  return page
    .getByRole('table', { name: tutorTexts.payments.title })
    .getByRole('row')
    .filter({ hasText: studentName });
}

/** The row's cells as text, in the table's column order. */
export async function rowCells(row: Locator): Promise<string[]> {
  return (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
}

/** 'Export CSV' on the Payments tab: the downloaded file's name and rows (cells unquoted). */
export async function exportCsv(
  page: Page,
  texts: { exportCsv: string; exported: (file: string) => string } = tutorTexts.payments,
): Promise<{ fileName: string; rows: string[][] }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: texts.exportCsv, exact: true }).click();
  const file = await download;
  const text = (await readDownload(file)).toString('utf8').replace(/^\uFEFF/, '');
  await expect(page.getByText(texts.exported(file.suggestedFilename()))).toBeVisible();
  return { fileName: file.suggestedFilename(), rows: text.trimEnd().split('\r\n').map(csvCells) };
}

/** One CSV line of quoted cells (the server quotes every cell and doubles inner quotes). */
function csvCells(line: string): string[] {
  return [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => match[1]!.replaceAll('""', '"'));
}

/** The Refunds tab's row for the student's request. */
export function refundRow(page: Page, studentName: string): Locator {
  return page
    .getByRole('table', { name: tutorTexts.refunds.title })
    .getByRole('row')
    .filter({ hasText: studentName });
}

/** Approve → the confirm dialog ('Refund ₹X to {student}?') → 'Yes, refund'. */
export async function approveRefund(page: Page, studentName: string, total: string) {
  const t = tutorTexts.refunds;
  await page.getByRole('button', { name: t.approveAria(studentName), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t.approveTitle });
  await expect(dialog.getByText(t.approveQuestion(total, studentName))).toBeVisible();
  await dialog.getByRole('button', { name: t.approveConfirm, exact: true }).click();
  await expect(dialog).toBeHidden();
}

// ---- The student ----

/** The student dashboard's card of the payment to `tutorName`. */
export function paymentCard(page: Page, tutorName: string): Locator {
  return page.getByRole('article', { name: tutorName });
}

/** The card's breakup: Amount, Platform fee, Charges and Total (a card payment, D9). */
export async function expectCardBreakup(card: Locator, tutorName: string, figures: Figures) {
  const r = messages.review;
  const breakup = card.getByLabel(studentTexts.payments.breakupAria(tutorName), { exact: true });
  await expect(listValue(breakup, r.amount)).toHaveText(figures.amount);
  await expect(listValue(breakup, r.platformFee)).toHaveText(figures.fee);
  await expect(listValue(breakup, r.charges)).toHaveText(figures.charges);
  await expect(listValue(breakup, r.total)).toHaveText(figures.total);
}

/** The receipt page's figures (its labels are the API's receipt labels). */
export async function expectReceiptFigures(page: Page, orderId: string, figures: Figures) {
  const a = apiMessages.receipts;
  const sheet = page.getByRole('region', { name: a.title });
  await expect(listValue(sheet, a.receiptNumber)).toHaveText(orderId);
  await expect(listValue(sheet, a.amount)).toHaveText(figures.amount);
  await expect(listValue(sheet, a.platformFee)).toHaveText(figures.fee);
  await expect(listValue(sheet, a.charges)).toHaveText(figures.charges);
  await expect(listValue(sheet, a.total)).toHaveText(figures.total);
}

/** 'Download PDF' within `scope`: the downloaded file's name and bytes. */
export async function downloadPdf(
  page: Page,
  scope: Locator | Page,
): Promise<{ fileName: string; pdf: Buffer }> {
  const download = page.waitForEvent('download');
  await scope.getByRole('button', { name: studentTexts.payments.downloadPdf, exact: true }).click();
  const file = await download;
  return { fileName: file.suggestedFilename(), pdf: await readDownload(file) };
}

/** The card's 'Request refund' → the reason → 'Send request' → 'Close'. */
export async function requestRefund(page: Page, card: Locator, reason: string) {
  const t = studentTexts.refund;
  await card
    .getByRole('button', { name: studentTexts.payments.requestRefund, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: t.title });
  await dialog.getByRole('textbox', { name: t.reason }).fill(reason);
  await dialog.getByRole('button', { name: t.submit, exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText(t.sent);
  await dialog.getByRole('button', { name: t.close, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Reloads `page` until `locator` shows: a refund the gateway settles a few seconds after the
 * approval is re-read when a list loads, not pushed to an open page.
 */
export async function reloadUntilVisible(page: Page, locator: Locator): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(locator).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

async function readDownload(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}
