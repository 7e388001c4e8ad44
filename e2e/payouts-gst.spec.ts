// Issue 50's journey: an unregistered tutor and a registered one (who registers on the GST tab)
// are each paid; the registered tutor's payer is first in the tutor's state (CGST and SGST),
// then gives an address in another state (IGST). Each receipt shows the right lines to the
// paisa, on the page and in its PDF (pdftotext); the sandbox settles the day; the Payouts view
// shows the payout with its UTR and payments; its CSV, the year's statement and the GST
// register agree. Screenshots at 360 px, a phone and a desk, axe on each new screen. Every figure
// below was worked out by hand (tests/domain/gst.test.ts shows the sums).
import './support/texts';
import { mkdir } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiMessages } from '../src/domain/apiMessages';
import { computeBreakup } from '../src/domain/fees';
import { gstinCheckCharacter } from '../src/domain/gstin';
import { paiseToRupees } from '../src/domain/money';
import { nextSettlement } from '../src/domain/settlement';
import { taxTexts } from '../src/domain/taxTexts';
import { dashboardTexts } from '../src/domain/dashboardTexts';
import { toIstIsoString } from '../src/domain/time';
import { SETTLEMENT_HOLIDAY_DATES } from '../src/server/services/settlementHolidays';
import { pdfPages } from '../tests/support/pdf';
import { expectNoViolations } from './support/axe';
import { downloadPdf, exportCsv, openTutorTab, reloadUntilVisible } from './support/dashboards';
import { SANDBOX_URL } from './support/origins';
import { newSignedUpStudent } from './support/student';
import {
  dashboardGreeting,
  onboardedTutorByApi,
  useTutorSession,
  type ApiTutor,
} from './support/tutor';

const t = taxTexts;
const SHOTS = 'test-results/payouts-gst';

interface Payer {
  token: string;
  id: number;
  name: string;
}

/** Each new screen at 360 px, at the project's own width (a phone's) and at a desk. */
async function shoot(page: Page, name: string) {
  // Looked at on a developer's machine; CI keeps its time (D273).
  if (process.env.CI) return;
  await mkdir(SHOTS, { recursive: true });
  const size = page.viewportSize()!;
  for (const [label, width] of [
    ['360', 360],
    ['own', size.width],
    ['desk', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

/** Pays `rupees` to `tutor` as the review screen would order it, on the sandbox's checkout. */
async function pay(
  request: APIRequestContext,
  payer: Payer,
  tutor: ApiTutor,
  rupees: number,
  method: 'card' | 'upi',
): Promise<string> {
  const code = method === 'card' ? 'cc' : 'upi';
  const breakup = computeBreakup({ amount: rupees * 100, method: code, baseRate: 1 });
  const created = await request.post('/api/v1/payments/pg/order/', {
    headers: { Authorization: `Bearer ${payer.token}` },
    data: {
      amount: paiseToRupees(breakup.total),
      base_amount: rupees,
      payer_id: payer.id,
      payee_id: tutor.userId,
      payment_method: code,
      settlement_type: 'STANDARD',
    },
  });
  expect(created.status()).toBe(201);
  const order = (await created.json()) as { id: string; payment_session_id: string };
  const paid = await request.post(
    `${SANDBOX_URL}/sandbox/cashfree/checkout/${order.payment_session_id}`,
    {
      form:
        method === 'card'
          ? { method, card_number: '4111111111111111', outcome: 'success' }
          : { method, upi_id: 'success@upi', outcome: 'success' },
      maxRedirects: 0,
    },
  );
  expect(paid.status()).toBeLessThan(400);
  await expect
    .poll(async () => {
      const seen = await request.get(`/api/v1/payments/pg/order/${order.id}/`, {
        headers: { Authorization: `Bearer ${payer.token}` },
      });
      return ((await seen.json()) as { order: { status: string } }).order.status;
    })
    .toBe('PAID');
  return order.id;
}

async function receiptPdf(page: Page, orderId: string) {
  await page.goto(`/student/receipts/${orderId}`);
  await expect(page.getByRole('region', { name: apiMessages.receipts.title })).toBeVisible();
  return pdfPages((await downloadPdf(page, page)).pdf);
}

test('receipts and tax invoices to the paisa, a settled day in the Payouts view, CSVs that agree', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const [plain, registered] = await Promise.all([
    onboardedTutorByApi(request),
    onboardedTutorByApi(request),
  ]);
  const plainName = `${plain.firstName} ${plain.lastName}`;
  const gstin = `07${registered.pan}1Z${gstinCheckCharacter(`07${registered.pan}1Z`)}`;

  // The registered tutor says so on the GST tab: a wrong check character is refused at once.
  await useTutorSession(page, registered);
  await page.goto('/tutor/dashboard?tab=gst');
  await expect(dashboardGreeting(page, registered)).toBeVisible();
  const form = page.getByRole('region', { name: t.profile.title });
  await form.getByRole('switch', { name: t.profile.registered }).check({ force: true });
  const wrong = gstin.slice(0, 14) + (gstin[14] === 'A' ? 'B' : 'A');
  await form.getByLabel(t.profile.gstin, { exact: true }).fill(wrong);
  await expect(form.getByText(t.api.gstinChecksum)).toBeVisible();
  await expect(form.getByRole('button', { name: t.profile.save })).toBeDisabled();
  await form.getByLabel(t.profile.gstin, { exact: true }).fill(gstin);
  await expect(form.getByText(t.profile.stateFromGstin('Delhi'))).toBeVisible();
  await form.getByLabel(t.profile.address, { exact: true }).fill('4 Hauz Khas, New Delhi 110016');
  await form.getByRole('button', { name: t.profile.save }).click();
  await expect(form.getByRole('status')).toHaveText(t.profile.saved);
  await expectNoViolations(page, 'GST tab');
  await shoot(page, 'gst-tab');

  // A student pays both tutors (by API, as the review screen orders; the sandbox's checkout).
  const studentPage = await (await browser.newContext()).newPage();
  const student = await newSignedUpStudent(studentPage, request);
  const payer: Payer = {
    token: (await studentPage.evaluate(() => localStorage.getItem('access-token')))!,
    id: Number(await studentPage.evaluate(() => localStorage.getItem('userId'))),
    name: `${student.firstName} ${student.lastName}`,
  };
  const toPlain = await pay(request, payer, plain, 1500, 'card');
  const sameState = await pay(request, payer, registered, 2000, 'card');

  // The unregistered tutor's receipt: no GST, and says why; our fee's invoice on page 2.
  // ₹15.00 fee + ₹2.91 charges = ₹17.91: taxable 1791 / 1.18 = 15.178 → ₹15.18; CGST 9% of
  // 15.18 = 1.3662 → ₹1.37; SGST the rest ₹1.36.
  let pages = await receiptPdf(studentPage, toPlain);
  await expect(studentPage.getByText(t.documents.notRegistered(plainName))).toBeVisible();
  expect(pages).toHaveLength(2);
  expect(pages[0]).toContain(t.documents.notRegistered(plainName));
  expect(pages[1]).toEqual(
    expect.arrayContaining([
      t.documents.titles.platform_invoice,
      'Taxable value | ₹15.18',
      'CGST 9% | ₹1.37',
      'SGST 9% | ₹1.36',
      'Total (GST included) | ₹17.91',
    ]),
  );

  // The registered tutor's tax invoice, same state: ₹2,000 is 1694.92 + 152.54 + 152.54.
  pages = await receiptPdf(studentPage, sameState);
  const invoice = studentPage.getByRole('region', { name: /^Tax invoice INV\/\d{4}\/000001$/ });
  await expect(invoice).toContainText(gstin);
  await expect(invoice).toContainText('₹1,694.92');
  await expectNoViolations(studentPage, 'receipt with tax invoice');
  await shoot(studentPage, 'receipt');
  expect(pages.map((p) => p[0])).toEqual([
    'TuitionPay',
    'Tax invoice',
    t.documents.titles.platform_invoice,
  ]);
  expect(pages[1]).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^Invoice number \| INV\/\d{4}\/000001$/),
      `GSTIN | ${gstin}`,
      'Place of supply | Delhi (code 07)',
      'SAC | 999293',
      'Taxable value | ₹1,694.92',
      'CGST 9% | ₹152.54',
      'SGST 9% | ₹152.54',
      'Total (GST included) | ₹2,000.00',
    ]),
  );

  // The student gives an address in Maharashtra: the next invoice is inter-State.
  await studentPage.goto('/student/dashboard');
  const billing = studentPage.getByRole('region', { name: t.profile.billingTitle });
  await billing
    .getByLabel(t.profile.address, { exact: true })
    .fill('12 Linking Road, Mumbai 400050');
  await billing.getByLabel(t.profile.state, { exact: true }).selectOption('27');
  await billing.getByRole('button', { name: t.profile.save }).click();
  await expect(billing.getByRole('status')).toHaveText(t.profile.saved);
  await expectNoViolations(studentPage, 'billing address');
  const otherState = await pay(request, payer, registered, 1001, 'upi');
  // ₹1,001: 84830.5 → ₹848.31 taxable, IGST ₹152.69; UPI: no fee, no invoice of ours.
  pages = await receiptPdf(studentPage, otherState);
  expect(pages).toHaveLength(2);
  expect(pages[1]).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^Invoice number \| INV\/\d{4}\/000002$/),
      'Address | 12 Linking Road, Mumbai 400050',
      'Place of supply | Maharashtra (code 27)',
      'Taxable value | ₹848.31',
      'IGST 18% | ₹152.69',
      'Total (GST included) | ₹1,001.00',
    ]),
  );

  // The sandbox settles the day on the next working day (D5's calendar).
  const payday = new Date(
    nextSettlement(new Date(), SETTLEMENT_HOLIDAY_DATES).getTime() + 5 * 60_000,
  );
  const run = await request.post(`${SANDBOX_URL}/sandbox/cashfree/settlements/run`, {
    data: { at: toIstIsoString(payday) },
  });
  expect(run.status()).toBe(200);

  // The Payouts view: ₹2,023.88 + ₹1,001 in, the card's ₹20.24 fees and ₹3.64 GST out.
  await page.goto('/tutor/dashboard?tab=payouts');
  const card = page.getByRole('article').first();
  await reloadUntilVisible(page, card.getByText(t.payouts.statuses.settled));
  await expect(card).toContainText('₹3,001.00');
  await expect(card).toContainText('₹3,024.88');
  await expect(card).toContainText('-₹20.24');
  await expect(card).toContainText('-₹3.64');
  const utr = ((await card.getByText(/^UTR: /).textContent()) ?? '').replace('UTR: ', '');
  expect(utr).toMatch(/^CFSBN\d{6}\d{6}$/);
  await expectNoViolations(page, 'Payouts tab');
  await shoot(page, 'payouts');
  await card.getByRole('button', { name: t.payouts.open }).click();
  const items = page.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(
    page.getByRole('listitem', { name: `${t.payouts.itemKinds.payment}: ${payer.name}` }).first(),
  ).toBeVisible();
  await expect(items.nth(0)).toContainText('₹2,000.00');
  await expect(items.nth(1)).toContainText('₹1,001.00');
  await expectNoViolations(page, 'one payout');
  await shoot(page, 'payout');
  await page.getByRole('button', { name: t.payouts.back }).click();

  // Each payment names its payout on the Payments tab.
  await openTutorTab(page, dashboardTexts.tutor.payments.tab);
  await expect(
    page
      .getByRole('table')
      .getByText(new RegExp(`${utr}$`))
      .first(),
  ).toBeVisible();

  // The CSVs agree with the view: the items' nets, the statement's net and the register.
  await openTutorTab(page, dashboardTexts.tutor.payouts.tab);
  const day = toIstIsoString(payday).slice(0, 10);
  await page.getByLabel(dashboardTexts.tutor.payments.from, { exact: true }).fill(day);
  await page.getByLabel(dashboardTexts.tutor.payments.to, { exact: true }).fill(day);
  const csv = await exportCsv(page, {
    exportCsv: t.payouts.exportCsv,
    exported: t.payouts.exported,
  });
  const itemRows = csv.rows.slice(1);
  expect(itemRows.map((row) => row[2])).toEqual([utr, utr]);
  expect(itemRows.reduce((sum, row) => sum + Math.round(Number(row[11]) * 100), 0)).toBe(300100);
  const statement = await exportCsv(page, {
    exportCsv: t.payouts.statement,
    exported: t.payouts.exported,
  });
  const payoutRow = statement.rows.find((row) => row[2] === utr)!;
  expect(payoutRow.slice(4, 10)).toEqual(['3024.88', '0.00', '20.24', '3.64', '0.00', '3001.00']);
  expect(statement.rows.at(-1)![9]).toBe('3001.00');
  const register = await exportCsv(page, {
    exportCsv: t.payouts.register,
    exported: t.payouts.exported,
  });
  expect(
    register.rows
      .slice(1)
      .map((row) => [row[0], row[6], row[10], row[11], row[12], row[13], row[15]]),
  ).toEqual([
    ['Tax invoice', '07-Delhi', '1694.92', '152.54', '152.54', '0.00', '2000.00'],
    ['Tax invoice', '27-Maharashtra', '848.31', '0.00', '0.00', '152.69', '1001.00'],
  ]);

  // The unregistered tutor's payout: ₹1,517.91 in, ₹15.18 and ₹2.73 out, ₹1,500 to the bank.
  const theirs = await request.get('/api/v1/payouts/', {
    headers: { Authorization: `Bearer ${plain.token}` },
  });
  expect((await theirs.json()).results).toMatchObject([
    { status: 'settled', gross: 1517.91, fees: 15.18, fees_gst: 2.73, net: 1500 },
  ]);
  await studentPage.context().close();
});
