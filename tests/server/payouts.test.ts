// Issue 50 over the real adapter and the sandbox gateway: a registered tutor is paid by card
// (same state: CGST and SGST) and by UPI (the payer in another state: IGST); each payment has
// its tax invoice, numbered consecutively, and the card one our platform fee's invoice; the
// sandbox settles the day on the next working day and sends its webhooks; the worker keeps the
// payout, which the Payouts view, the payments list and the CSVs show alike. Faults: a payout
// to a closed account fails and goes again later; a reversal. A refund gets credit notes.
// Every figure was worked out by hand (gst.test.ts shows the sums).
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { DEMO_PHONES } from '../../src/server/demo';
import { seedDemoData } from '../../src/server/seed';
import { nextRefundCheck } from '../../src/server/services/refunds';
import { SANDBOX_REFUND_PROCESSING_MS } from '../../sandbox/cashfree/pg';
import { CLOSED_ACCOUNT_REASON, REVERSAL_REASON } from '../../sandbox/cashfree/settlements';
import { taxTexts } from '../../src/domain/taxTexts';
import { settlementWebhooks } from '../../src/server/db/schema';
import { sweepAndRunJobs } from '../support/jobs';
import { pdfPages } from '../support/pdf';
import { login, testDatabases, useTestServer, type TestServer } from '../support/server';
import {
  RECEIVED_URL,
  REFUNDS_URL,
  approveUrl,
  receiptPdfUrl,
  receiptUrl,
} from './dashboards.support';
import { ORDER_URL, orderBody } from './payments.support';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

function moveClockTo(server: TestServer, iso: string) {
  const ms = Date.parse(iso) - server.clock.now().getTime();
  if (ms < 0) throw new Error(`moveClockTo: ${iso} is in the past`);
  server.clock.advance(ms);
}
const PROFILE = '/api/v1/tax-profile/';
const PAYOUTS = '/api/v1/payouts/';
/** Asha's GSTIN in Delhi: her PAN, check character L (gst.test.ts). */
const ASHA_GSTIN = '07ABCPV1234K1ZL';
/** Paid on Wednesday 15 January 2025 (the test clock): settled Thursday 17:00 IST. */
const THURSDAY_EVENING = '2025-01-16T17:05:00+05:30';

async function payOnCheckout(server: TestServer, sessionId: string, method: 'card' | 'upi') {
  const res = await server.inject({
    method: 'POST',
    url: `/sandbox/cashfree/checkout/${sessionId}`,
    headers: FORM,
    payload: new URLSearchParams(
      method === 'card'
        ? { method, card_number: '4111111111111111', outcome: 'success' }
        : { method, upi_id: 'success@upi', outcome: 'success' },
    ).toString(),
  });
  expect(res.statusCode).toBeLessThan(400);
}

describe.each(testDatabases())('payouts and GST documents on $name', (database) => {
  const server = useTestServer(database);
  const as = (token: string) => ({ token });

  const people = async () => {
    await seedDemoData(server.db, server.clock, server.pans);
    const priya = await login(server, DEMO_PHONES.student, 'student');
    server.clock.advance(31_000);
    const asha = await login(server, DEMO_PHONES.onboardedTutor, 'teacher');
    return { priya, asha };
  };

  const pay = async (
    payer: { access_token: string; id: number },
    payee: { id: number },
    rupees: number,
    method: 'card' | 'upi',
  ) => {
    const created = await server.api('POST', ORDER_URL, {
      ...as(payer.access_token),
      body: orderBody(
        payer.id,
        payee.id,
        rupees,
        method === 'upi' ? { payment_method: 'upi' } : {},
      ),
    });
    expect(created.statusCode).toBe(201);
    const order = created.json<{ id: string; payment_session_id: string }>();
    await payOnCheckout(server, order.payment_session_id, method);
    const status = await server.api('GET', `${ORDER_URL}${order.id}/`, as(payer.access_token));
    expect(status.json()).toMatchObject({ order: { status: 'PAID' } });
    return order.id;
  };

  const registerGst = (token: string) =>
    server.api('PUT', PROFILE, {
      ...as(token),
      body: { registered: true, gstin: ASHA_GSTIN, address: '4 Hauz Khas, New Delhi 110016' },
    });

  /** Runs the sandbox's settlements at `at`, waits for its webhooks, then runs the worker. */
  const settle = async (at: string) => {
    const run = await server.inject({
      method: 'POST',
      url: '/sandbox/cashfree/settlements/run',
      payload: { at },
    });
    expect(run.statusCode).toBe(200);
    const deadline = Date.now() + 5_000;
    for (;;) {
      const log = (await server.inject({ method: 'GET', url: '/sandbox/cashfree/webhooks' })).json<
        { type: string; state: string }[]
      >();
      const pending = log.filter((d) => d.type.startsWith('SETTLEMENT') && d.state !== 'delivered');
      if (pending.length === 0 || Date.now() > deadline) break;
      await sleep(20);
    }
    await sweepAndRunJobs(server.app);
    return run.json<{ settlements: { cf_settlement_id: string; status: string }[] }>().settlements;
  };

  it('gives a registered tutor tax invoices, same state and other state, and pays the day out', async () => {
    const { priya, asha } = await people();
    expect((await registerGst(asha.access_token)).json()).toMatchObject({
      registered: true,
      state_code: '07',
      state_name: 'Delhi',
      fee_includes_gst: true,
    });
    // Priya's address is not on record: the place of supply is Asha's state (intra-State).
    const byCard = await pay(priya, asha, 2000, 'card');
    // Priya gives her address in Maharashtra: the next invoice is inter-State (IGST).
    const billing = await server.api('PUT', PROFILE, {
      ...as(priya.access_token),
      body: { registered: false, address: '12 Linking Road, Mumbai 400050', state_code: '27' },
    });
    expect(billing.json()).toMatchObject({
      address: '12 Linking Road, Mumbai 400050',
      state_name: 'Maharashtra',
    });
    const byUpi = await pay(priya, asha, 1001, 'upi');

    const card = (await server.api('GET', receiptUrl(byCard), as(priya.access_token))).json();
    expect(card.documents.map((d: { kind: string; serial: string }) => [d.kind, d.serial])).toEqual(
      [
        ['tax_invoice', 'INV/2425/000001'],
        ['platform_invoice', 'TP/2425/00000001'],
      ],
    );
    // 2000 × 100 / 118 = 1694.915 → 1694.92; CGST 9% = 152.5428 → 152.54; SGST 152.54.
    expect(card.documents[0]).toMatchObject({
      supplier: {
        name: 'Asha Verma',
        gstin: ASHA_GSTIN,
        state_code: '07',
        address: '4 Hauz Khas, New Delhi 110016',
      },
      recipient: { name: 'Priya Sharma', address: null, state_code: null },
      place_of_supply: '07',
      supply_type: 'intra',
      sac: '999293',
      rate: 18,
      reverse_charge: false,
      taxable: 1694.92,
      cgst: 152.54,
      sgst: 152.54,
      igst: 0,
      total: 2000,
    });
    const upi = (await server.api('GET', receiptUrl(byUpi), as(asha.access_token))).json();
    // UPI has no platform fee, so no invoice of ours; 1001: taxable 848.31, IGST 152.69.
    expect(upi.documents).toMatchObject([
      {
        kind: 'tax_invoice',
        serial: 'INV/2425/000002',
        recipient: {
          address: '12 Linking Road, Mumbai 400050',
          state_code: '27',
          state_name: 'Maharashtra',
        },
        place_of_supply: '27',
        supply_type: 'inter',
        taxable: 848.31,
        cgst: 0,
        sgst: 0,
        igst: 152.69,
        total: 1001,
      },
    ]);
    // The PDF: the receipt page, then the tax invoice, to the paisa.
    const pages = pdfPages(
      (await server.api('GET', receiptPdfUrl(byUpi), as(priya.access_token))).rawPayload,
    );
    expect(pages).toHaveLength(2);
    expect(pages[1]).toEqual(
      expect.arrayContaining([
        'Tax invoice',
        'Invoice number | INV/2425/000002',
        `GSTIN | ${ASHA_GSTIN}`,
        'State | Delhi (code 07)',
        'Address | 12 Linking Road, Mumbai 400050',
        'Place of supply | Maharashtra (code 27)',
        'SAC | 999293',
        'Taxable value | ₹848.31',
        'IGST 18% | ₹152.69',
        'Total (GST included) | ₹1,001.00',
      ]),
    );

    // Nothing is paid out before its day; then the sandbox settles the day.
    expect((await server.api('GET', PAYOUTS, as(asha.access_token))).json()).toMatchObject({
      results: [],
      upcoming: { count: 2, amount: 3001, expected_at: '2025-01-16T11:30:00.000Z' },
    });
    const [made] = await settle(THURSDAY_EVENING);
    const listed = (await server.api('GET', PAYOUTS, as(asha.access_token))).json();
    // Gross 2023.88 + 1001; the card's fee and charges (23.88) are kept: 20.24 and GST 3.64.
    expect(listed).toMatchObject({
      count: 1,
      upcoming: { count: 0, amount: 0, expected_at: null },
      results: [
        {
          settlement_id: made!.cf_settlement_id,
          status: 'settled',
          utr: expect.stringMatching(/^CFSBN250116\d{6}$/),
          gross: 3024.88,
          refunds: 0,
          fees: 20.24,
          fees_gst: 3.64,
          adjustment: 0,
          net: 3001,
          items: 2,
          reason: null,
        },
      ],
    });
    const payout = listed.results[0];
    const detail = (
      await server.api('GET', `${PAYOUTS}${payout.id}/`, as(asha.access_token))
    ).json();
    expect(detail.results).toEqual([
      expect.objectContaining({
        kind: 'payment',
        order_id: byCard,
        student_name: 'Priya Sharma',
        amount: 2023.88,
        fees: 20.24,
        fees_gst: 3.64,
        net: 2000,
      }),
      expect.objectContaining({
        kind: 'payment',
        order_id: byUpi,
        amount: 1001,
        fees: 0,
        net: 1001,
      }),
    ]);
    // Another tutor's payout is not found; a student has none.
    expect(
      (await server.api('GET', `${PAYOUTS}${payout.id}/`, as(priya.access_token))).statusCode,
    ).toBe(403);
    // Each payment says which payout carried it.
    const received = (await server.api('GET', RECEIVED_URL, as(asha.access_token))).json();
    expect(received.results.map((r: { payout: unknown }) => r.payout)).toEqual([
      {
        id: payout.id,
        status: 'settled',
        utr: payout.utr,
        initiated_at: payout.initiated_at,
        settled_at: payout.settled_at,
      },
      {
        id: payout.id,
        status: 'settled',
        utr: payout.utr,
        initiated_at: payout.initiated_at,
        settled_at: payout.settled_at,
      },
    ]);

    // The CSVs agree with the view: the items' nets add up to the payout's net.
    const items = await server.api(
      'GET',
      `${PAYOUTS}export/?from=2025-01-16&to=2025-01-16`,
      as(asha.access_token),
    );
    const rows = items.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split('","'));
    expect(rows).toHaveLength(2);
    expect(rows.reduce((sum, row) => sum + Number(row[11]!.replace(/"/g, '')), 0)).toBe(3001);
    const statement = await server.api(
      'GET',
      `${PAYOUTS}statement/?fy=2024-25`,
      as(asha.access_token),
    );
    expect(statement.body).toContain(
      `"${payout.utr}","${taxTexts.payouts.statuses.settled}","3024.88","0.00","20.24","3.64","0.00","3001.00",""`,
    );
    expect(statement.body).toContain(
      `"${taxTexts.csv.totals}","","","${taxTexts.payouts.statuses.settled}","3024.88","0.00","20.24","3.64","0.00","3001.00",""`,
    );
    const register = await server.api(
      'GET',
      '/api/v1/tax-documents/register/?fy=2024-25',
      as(asha.access_token),
    );
    expect(register.body).toContain(
      '"INV/2425/000001","2025-01-15","","","Priya Sharma","07-Delhi","Intra-State","999293","18","1694.92","152.54","152.54","0.00","0.00","2000.00","B2CS"',
    );
    expect(register.body).toContain(
      '"INV/2425/000002","2025-01-15","","","Priya Sharma","27-Maharashtra","Inter-State","999293","18","848.31","0.00","0.00","152.69","0.00","1001.00","B2CS"',
    );
    const b2cs = await server.api(
      'GET',
      '/api/v1/tax-documents/register/?fy=2024-25&view=b2cs',
      as(asha.access_token),
    );
    expect(b2cs.body.trim().split('\r\n')).toEqual([
      // (trim() took the byte-order mark.)
      '"Type","Place Of Supply","Rate","Applicable % of Tax Rate","Taxable Value","Cess Amount","E-Commerce GSTIN"',
      '"OE","07-Delhi","18","","1694.92","0.00",""',
      '"OE","27-Maharashtra","18","","848.31","0.00",""',
    ]);
  });

  it('fails a payout to a closed account and pays it again later; a reversal shows why', async () => {
    const { priya, asha } = await people();
    const paid = await pay(priya, asha, 500, 'upi');
    const faults = (body: object) =>
      server.inject({ method: 'POST', url: '/sandbox/cashfree/settlements/faults', payload: body });
    await faults({ fail_for: [String(asha.id)] });
    await settle(THURSDAY_EVENING);
    let listed = (await server.api('GET', PAYOUTS, as(asha.access_token))).json();
    expect(listed.results).toMatchObject([
      { status: 'failed', reason: CLOSED_ACCOUNT_REASON, utr: null, net: 500 },
    ]);
    // Not paid out: it is upcoming again, and its payment says the payout failed.
    expect(listed.upcoming).toMatchObject({ count: 1, amount: 500 });
    const received = (await server.api('GET', RECEIVED_URL, as(asha.access_token))).json();
    expect(received.results[0].payout).toMatchObject({ status: 'failed' });

    // The account is fixed, but the next credit comes back from the bank.
    await faults({ fail_for: [], reverse_for: [String(asha.id)] });
    await settle('2025-01-17T17:05:00+05:30');
    listed = (await server.api('GET', PAYOUTS, as(asha.access_token))).json();
    expect(listed.results).toMatchObject([
      { status: 'reversed', reason: REVERSAL_REASON, utr: expect.stringMatching(/^CFSBN250117/) },
      { status: 'failed' },
    ]);
    // Then it goes through, and the payment's payout is the one that did.
    await faults({ reverse_for: [] });
    await settle('2025-01-20T17:05:00+05:30');
    listed = (await server.api('GET', PAYOUTS, as(asha.access_token))).json();
    expect(listed.results.map((p: { status: string }) => p.status)).toEqual([
      'settled',
      'reversed',
      'failed',
    ]);
    expect(listed.upcoming.count).toBe(0);
    const after = (await server.api('GET', RECEIVED_URL, as(asha.access_token))).json();
    expect(after.results).toMatchObject([
      { order_id: paid, payout: { id: listed.results[0].id, status: 'settled' } },
    ]);
  });

  it('keeps the payout when its webhooks are duplicated, reordered or lost', async () => {
    const { priya, asha } = await people();
    const sandboxFaults = (body: object) =>
      server.inject({ method: 'POST', url: '/sandbox/cashfree/faults', payload: body });
    await pay(priya, asha, 800, 'upi');
    // Every webhook twice, and held until released newest first: SUCCESS before INITIATED.
    await sandboxFaults({ duplicateWebhooks: true, reorderWebhooks: true });
    const run = server.inject({
      method: 'POST',
      url: '/sandbox/cashfree/settlements/run',
      payload: { at: THURSDAY_EVENING },
    });
    expect((await run).statusCode).toBe(200);
    await sandboxFaults({ reorderWebhooks: false });
    await settle(THURSDAY_EVENING); // nothing more is due; waits for the deliveries, runs jobs
    const hooks = await server.db.select().from(settlementWebhooks);
    expect(hooks.map((h) => h.eventType).sort()).toEqual([
      'SETTLEMENT_INITIATED',
      'SETTLEMENT_SUCCESS',
    ]);
    let listed = (await server.api('GET', PAYOUTS, as(asha.access_token))).json();
    expect(listed.results).toMatchObject([{ status: 'settled', net: 800, items: 1 }]);

    // The next day's webhooks are all lost: the half-hourly poll finds the payout anyway.
    await sandboxFaults({ duplicateWebhooks: false, dropWebhooks: true });
    const relogin = async () => {
      const payer = await login(server, DEMO_PHONES.student, 'student');
      server.clock.advance(31_000);
      return { payer, tutor: await login(server, DEMO_PHONES.onboardedTutor, 'teacher') };
    };
    moveClockTo(server, '2025-01-16T18:00:00+05:30'); // Thursday evening: new sessions (D13)
    const thursday = await relogin();
    await pay(thursday.payer, thursday.tutor, 900, 'upi');
    moveClockTo(server, '2025-01-17T17:10:00+05:30');
    // No webhook arrives; the sweep's half-hourly poll (a new slot) lists it and syncs it.
    await settle('2025-01-17T17:05:00+05:30');
    await sweepAndRunJobs(server.app);
    expect(await server.db.select().from(settlementWebhooks)).toHaveLength(2);
    const { tutor } = await relogin();
    listed = (await server.api('GET', PAYOUTS, as(tutor.access_token))).json();
    expect(listed.results).toMatchObject([
      { status: 'settled', net: 900, items: 1 },
      { status: 'settled', net: 800 },
    ]);
    await sandboxFaults({ dropWebhooks: false });
  });

  it('credits a refunded payment in each series, pointing at its invoice', async () => {
    const { priya, asha } = await people();
    await registerGst(asha.access_token);
    const paid = await pay(priya, asha, 2000, 'card');
    const asked = await server.api('POST', REFUNDS_URL, {
      ...as(priya.access_token),
      body: { order_id: paid, reason: 'The class was cancelled.' },
    });
    const refundId = asked.json<{ id: string }>().id;
    expect((await server.api('POST', approveUrl(refundId), as(asha.access_token))).statusCode).toBe(
      200,
    );
    server.clock.advance(
      Math.max(SANDBOX_REFUND_PROCESSING_MS, nextRefundCheck(new Date(0), new Date(0)).getTime()),
    );
    await sweepAndRunJobs(server.app);
    const receipt = (await server.api('GET', receiptUrl(paid), as(priya.access_token))).json();
    expect(
      receipt.documents.map((d: { kind: string; serial: string }) => [d.kind, d.serial]),
    ).toEqual([
      ['tax_invoice', 'INV/2425/000001'],
      ['platform_invoice', 'TP/2425/00000001'],
      ['credit_note', 'CN/2425/000001'],
      ['platform_credit_note', 'TPC/2425/0000001'],
    ]);
    expect(receipt.documents[2]).toMatchObject({
      original: { serial: 'INV/2425/000001' },
      taxable: 1694.92,
      cgst: 152.54,
      sgst: 152.54,
      total: 2000,
    });
    expect(receipt.documents[3]).toMatchObject({
      original: { serial: 'TP/2425/00000001' },
      taxable: 20.24,
      total: 23.88,
    });
    const pages = pdfPages(
      (await server.api('GET', receiptPdfUrl(paid), as(priya.access_token))).rawPayload,
    );
    expect(pages.map((page) => page[0])).toEqual([
      'TuitionPay',
      'Tax invoice',
      'Tax invoice: platform fee',
      'Credit note',
      'Credit note: platform fee',
    ]);
    expect(pages[3]).toEqual(
      expect.arrayContaining([
        'Credit note number | CN/2425/000001',
        'Against | Invoice INV/2425/000001 of 15th January 2025',
      ]),
    );
    // The register nets the credit note out of B2CS; the document rows show it negative.
    const register = await server.api(
      'GET',
      '/api/v1/tax-documents/register/?fy=2024-25',
      as(asha.access_token),
    );
    expect(register.body).toContain(
      '"CN/2425/000001","2025-01-15","INV/2425/000001","2025-01-15","Priya Sharma","07-Delhi","Intra-State","999293","18","-1694.92","-152.54","-152.54","0.00","0.00","-2000.00","B2CS"',
    );
    const b2cs = await server.api(
      'GET',
      '/api/v1/tax-documents/register/?fy=2024-25&view=b2cs',
      as(asha.access_token),
    );
    expect(b2cs.body).toContain('"OE","07-Delhi","18","","0.00","0.00",""');
  });

  it('refuses a GSTIN with a wrong check character, or no address, and changes nothing', async () => {
    const { priya, asha } = await people();
    const put = (token: string, body: object) => server.api('PUT', PROFILE, { ...as(token), body });
    const wrong = await put(asha.access_token, {
      registered: true,
      gstin: '07ABCPV1234K1ZM',
      address: 'Delhi',
    });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, taxTexts.api.gstinChecksum]);
    const shape = await put(asha.access_token, {
      registered: true,
      gstin: '07ABCPV1234K',
      address: 'Delhi',
    });
    expect(shape.json().message).toBe(taxTexts.api.gstinShape);
    const noAddress = await put(asha.access_token, { registered: true, gstin: ASHA_GSTIN });
    expect([noAddress.statusCode, noAddress.json().message]).toEqual([
      400,
      taxTexts.api.addressRequired,
    ]);
    const otherState = await put(asha.access_token, {
      registered: true,
      gstin: ASHA_GSTIN,
      address: 'Delhi',
      state_code: '29',
    });
    expect(otherState.json().message).toBe(taxTexts.api.stateFromGstin('Delhi'));
    expect((await server.api('GET', PROFILE, as(asha.access_token))).json()).toEqual({
      registered: false,
      gstin: null,
      legal_name: null,
      address: null,
      state_code: null,
      state_name: null,
      fee_includes_gst: true,
    });
    // A payer gives an address and a state together, and never a GSTIN.
    const half = await put(priya.access_token, { registered: false, address: 'Mumbai' });
    expect([half.statusCode, half.json().message]).toEqual([400, taxTexts.api.addressAndState]);
    const payerGstin = await put(priya.access_token, {
      registered: true,
      gstin: ASHA_GSTIN,
      address: 'Mumbai',
    });
    expect(payerGstin.json().message).toBe(taxTexts.api.payerNotRegistered);
    // An unregistered tutor's payment: a receipt without GST, and nothing in the register.
    const paid = await pay(priya, asha, 700, 'upi');
    const receipt = (await server.api('GET', receiptUrl(paid), as(priya.access_token))).json();
    expect(receipt.documents).toMatchObject([
      { kind: 'receipt', serial: null, rate: 0, cgst: 0, sgst: 0, igst: 0, total: 700 },
    ]);
    const register = await server.api(
      'GET',
      '/api/v1/tax-documents/register/?fy=2024-25',
      as(asha.access_token),
    );
    expect(register.body.trim().split('\r\n')).toHaveLength(1);
  });
});
