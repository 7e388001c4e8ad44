// The dashboards' payment lists (GET payments/received/, payments/made/) and the tutor's CSV
// export: exact figures on both sides, pagination, IST date ranges, this month's total and the
// D10 acceptance limit, CSV injection escaping.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../src/domain/apiMessages';
import { users } from '../../src/server/db/schema';
import { login, testDatabases } from '../support/server';
import {
  EXPORT_URL,
  MADE_URL,
  MINUTE_MS,
  RECEIVED_URL,
  approveUrl,
  createOrder,
  failOrder,
  moveClockTo,
  payOrder,
  receiptUrl,
  requestRefund,
} from './dashboards.support';
import { ORDER_URL, payment, usePaymentsServer, webhookBody } from './payments.support';

interface Page<T> {
  results: T[];
  count: number;
  page: number;
  page_size: number;
}
type Received = Record<string, unknown> & { order_id: string; paid_at: string };
type ReceivedPage = Page<Received> & { summary: Record<string, unknown> };

describe.each(testDatabases())('payments received and made on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  const received = async (token: string, query = '') => {
    const res = await api('GET', `${RECEIVED_URL}${query}`, { token });
    expect(res.statusCode).toBe(200);
    return res.json<ReceivedPage>();
  };

  it('shows a card payment with the same figures to the tutor and the student', async () => {
    const { asha, priya } = await t.demo();
    const paidAt = server.clock.now();
    const id = await payOrder(t, priya, asha, 2000);

    const tutorView = await received(asha.token);
    expect(tutorView).toEqual({
      results: [
        {
          order_id: id,
          created_at: paidAt.toISOString(),
          paid_at: paidAt.toISOString(),
          student: { id: priya.id, name: 'Priya Sharma', phone: priya.phone },
          base_amount: 2000,
          fee: 20,
          charges: 3.88,
          total: 2023.88,
          payment_method: 'cc',
          payment_group: 'credit_card',
          order_status: 'PAID',
          // D5: paid on Wednesday 15 January 2025 (IST), settled Thursday at 5:00 pm IST.
          settles_at: '2025-01-16T11:30:00.000Z',
          refund: null,
          // Issue 50: no payout until the gateway reports one.
          payout: null,
        },
      ],
      count: 1,
      page: 1,
      page_size: 20,
      summary: {
        this_month: { month: '2025-01', count: 1, received: 2000 },
        // Asha is ACTIVE: no cap (D10).
        acceptance_limit: null,
      },
    });

    const made = await api('GET', MADE_URL, { token: priya.token });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toEqual({
      results: [
        {
          order_id: id,
          created_at: paidAt.toISOString(),
          paid_at: paidAt.toISOString(),
          tutor: { id: asha.id, name: 'Asha Verma', username: 'asha-verma', phone: asha.phone },
          base_amount: 2000,
          fee: 20,
          charges: 3.88,
          total: 2023.88,
          payment_method: 'cc',
          payment_group: 'credit_card',
          order_status: 'PAID',
          latest_payment_status: 'SUCCESS',
          refund: null,
          // 24 hours after payment comes before Thursday's settlement.
          refundable_until: new Date(paidAt.getTime() + 24 * 60 * MINUTE_MS).toISOString(),
        },
      ],
      count: 1,
      page: 1,
      page_size: 20,
    });
  });

  it('shows the acceptance limit of a tutor at MIN_KYC_APPROVED (D10)', async () => {
    const { asha, priya } = await t.demo();
    await t.setKyc(asha.id, 'MIN_KYC_APPROVED');
    await payOrder(t, priya, asha, 2000);
    server.clock.advance(MINUTE_MS);
    await payOrder(t, priya, asha, 500, 'upi');
    const { summary, results } = await received(asha.token);
    expect(summary).toEqual({
      this_month: { month: '2025-01', count: 2, received: 2500 },
      acceptance_limit: { limit: 50000, used: 2500, remaining: 47500 },
    });
    // Newest first; UPI has no fee (D6).
    expect(results.map((r) => [r.base_amount, r.fee, r.total, r.payment_group])).toEqual([
      [500, 0, 500, 'upi'],
      [2000, 20, 2023.88, 'credit_card'],
    ]);
  });

  it('pages newest first and counts every payment', async () => {
    const { asha, priya } = await t.demo();
    const ids: string[] = [];
    for (const rupees of [100, 200, 300]) {
      ids.push(await payOrder(t, priya, asha, rupees));
      server.clock.advance(MINUTE_MS);
    }
    const first = await received(asha.token, '?page=1&page_size=2');
    expect(first.results.map((r) => r.order_id)).toEqual([ids[2], ids[1]]);
    expect([first.count, first.page, first.page_size]).toEqual([3, 1, 2]);
    const second = await received(asha.token, '?page=2&page_size=2');
    expect(second.results.map((r) => r.order_id)).toEqual([ids[0]]);
    expect(second.count).toBe(3);
    const beyond = await received(asha.token, '?page=3&page_size=2');
    expect(beyond.results).toEqual([]);

    const made = await api('GET', `${MADE_URL}?page=1&page_size=1`, { token: priya.token });
    expect(made.json()).toMatchObject({ count: 3, results: [{ order_id: ids[2] }] });
    // A page past the last still says how many there are.
    const pastMade = await api('GET', `${MADE_URL}?page=5&page_size=1`, { token: priya.token });
    expect(pastMade.json()).toMatchObject({ count: 3, page: 5, results: [] });
  });

  it('shows a paid order by its successful attempt on every screen, whatever the gateway reports after it', async () => {
    const { asha, priya } = await t.demo();
    const id = await payOrder(t, priya, asha, 500);
    server.clock.advance(MINUTE_MS);
    // A later attempt the bank declined (a stale retry): the order stays PAID, by card.
    const stale = { ...payment(id, 50_500, 'FAILED', '5114920999999'), group: 'upi' };
    t.fake.pay(id, stale);
    expect((await t.postWebhook(webhookBody(stale))).statusCode).toBe(200);
    const made = await api('GET', MADE_URL, { token: priya.token });
    expect(made.json()).toMatchObject({
      count: 1,
      results: [
        {
          order_id: id,
          order_status: 'PAID',
          payment_group: 'credit_card',
          latest_payment_status: 'SUCCESS',
        },
      ],
    });
    expect((await received(asha.token)).results).toMatchObject([
      { order_id: id, payment_group: 'credit_card' },
    ]);
    const status = await api('GET', `${ORDER_URL}${id}/`, { token: priya.token });
    expect(status.json()).toMatchObject({
      order: { status: 'PAID' },
      latest_payment_status: 'SUCCESS',
    });
    expect(status.json()).not.toMatchObject({ latest_payment_id: '5114920999999' });
    const receipt = await api('GET', receiptUrl(id), { token: priya.token });
    expect(receipt.json()).toMatchObject({ payment_group: 'credit_card' });
  });

  it('keeps the IST days of a range, and this IST month in the summary', async () => {
    // 23:59 IST on 31 January is 18:29 UTC; the next payment is on 1 February IST.
    moveClockTo(t, '2025-01-31T18:20:00.000Z');
    const { asha, priya } = await t.demo();
    moveClockTo(t, '2025-01-31T18:29:00.000Z');
    const january = await payOrder(t, priya, asha, 1000);
    moveClockTo(t, '2025-01-31T18:30:30.000Z');
    const february = await payOrder(t, priya, asha, 3000);

    const ids = async (query: string) =>
      (await received(asha.token, query)).results.map((r) => r.order_id);
    expect(await ids('?from=2025-01-31&to=2025-01-31')).toEqual([january]);
    expect(await ids('?from=2025-02-01')).toEqual([february]);
    expect(await ids('?to=2025-01-31')).toEqual([january]);
    expect(await ids('?from=2025-01-31&to=2025-02-01')).toEqual([february, january]);
    expect(await ids('?from=2025-02-02')).toEqual([]);

    const { summary, count } = await received(asha.token, '?to=2025-01-31');
    expect(count).toBe(1);
    // The summary is this IST month's, whatever the range.
    expect(summary).toMatchObject({ this_month: { month: '2025-02', count: 1, received: 3000 } });

    const reversed = await api('GET', `${RECEIVED_URL}?from=2025-02-01&to=2025-01-31`, {
      token: asha.token,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ message: apiMessages.paymentHistory.rangeOrder });
    const invalid = await api('GET', `${RECEIVED_URL}?from=2025-02-30`, { token: asha.token });
    expect(invalid.statusCode).toBe(400);
  });

  it('leaves refunded payments out of the month and their settlement', async () => {
    const { asha, priya } = await t.demo();
    const kept = await payOrder(t, priya, asha, 1000);
    server.clock.advance(MINUTE_MS);
    const refunded = await payOrder(t, priya, asha, 2000);
    const refundId = await requestRefund(t, priya, refunded);
    expect((await api('POST', approveUrl(refundId), { token: asha.token })).statusCode).toBe(200);

    const { results, summary } = await received(asha.token);
    expect(summary).toMatchObject({ this_month: { count: 1, received: 1000 } });
    expect(results).toEqual([
      expect.objectContaining({
        order_id: refunded,
        settles_at: null,
        refund: {
          id: refundId,
          status: 'PENDING',
          amount: 2023.88,
          requested_at: expect.any(String),
          automatic_reason: null,
        },
      }),
      expect.objectContaining({
        order_id: kept,
        settles_at: '2025-01-16T11:30:00.000Z',
        refund: null,
      }),
    ]);
  });

  it('lists a student’s tried payments but not orders never taken to the checkout', async () => {
    const { asha, priya } = await t.demo();
    await createOrder(t, priya, asha, 700); // opened the review, never paid
    server.clock.advance(MINUTE_MS);
    const failed = await failOrder(t, priya, asha, 800);
    const made = await api('GET', MADE_URL, { token: priya.token });
    expect(made.json()).toEqual({
      results: [
        expect.objectContaining({
          order_id: failed,
          paid_at: null,
          order_status: 'ACTIVE',
          latest_payment_status: 'FAILED',
          refund: null,
          refundable_until: null,
        }),
      ],
      count: 1,
      page: 1,
      page_size: 20,
    });
    // A failed attempt is not a payment received.
    expect((await received(asha.token)).count).toBe(0);
  });

  it('closes the refund window in the list at settlement when that comes first', async () => {
    // Paid at 23:30 IST on Wednesday: settlement is Thursday 17:00 IST, 17.5 hours later.
    moveClockTo(t, '2025-01-15T17:50:00.000Z');
    const { asha, priya } = await t.demo();
    moveClockTo(t, '2025-01-15T18:00:00.000Z');
    await payOrder(t, priya, asha, 1000);
    const made = await api('GET', MADE_URL, { token: priya.token });
    expect(made.json()).toMatchObject({
      results: [{ refundable_until: '2025-01-16T11:30:00.000Z' }],
    });
    moveClockTo(t, '2025-01-16T11:30:00.000Z');
    const { access_token: token } = await login(server, priya.phone, 'student'); // 12 h later
    const later = await api('GET', MADE_URL, { token });
    expect(later.json()).toMatchObject({ results: [{ refundable_until: null }] });
  });
});

describe.each(testDatabases())('the CSV export of payments received on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  /** The CSV's rows as the cells a spreadsheet would read (quotes undone). */
  const cells = (csv: string) =>
    csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((line) => line !== '')
      .map((line) =>
        [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((m) => m[1]!.replaceAll('""', '"')),
      );

  it('exports the range with a header row, rupees with 2 decimals and IST times', async () => {
    const { asha, priya } = await t.demo();
    const paidAt = '2025-01-15 10:01:33';
    expect(server.clock.now().toISOString()).toBe('2025-01-15T04:31:33.000Z');
    const id = await payOrder(t, priya, asha, 2000);
    const res = await api('GET', `${EXPORT_URL}?from=2025-01-15&to=2025-01-15`, {
      token: asha.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="tuitionpay-payments-2025-01-15-to-2025-01-15.csv"',
    );
    expect(res.body.startsWith('\uFEFF"Order ID","Paid at (IST)",')).toBe(true);
    expect(cells(res.body)).toEqual([
      [...apiMessages.paymentHistory.csvHeaders],
      [
        id,
        paidAt,
        'Priya Sharma',
        priya.phone,
        '2000.00',
        '20.00',
        '3.88',
        '2023.88',
        'Card',
        'PAID',
        '2025-01-16 17:00:00',
        '',
        '',
      ],
    ]);
    const otherDay = await api('GET', `${EXPORT_URL}?from=2025-01-16&to=2025-01-31`, {
      token: asha.token,
    });
    expect(cells(otherDay.body)).toEqual([[...apiMessages.paymentHistory.csvHeaders]]);
  });

  it('defuses cells a spreadsheet would run as formulas and doubles quotes', async () => {
    const { asha } = await t.demo();
    const names: [string, string][] = [
      ['=HYPERLINK("http://evil.example")', 'X'],
      ['@SUM(1+1)', 'Y'],
      ['+91', 'Z'],
      ['-1', 'W'],
      ['\tTab', 'V'],
      ['Rohan "Ro"', 'Mehta'],
    ];
    for (const [index, [firstName, lastName]] of names.entries()) {
      const student = await t.user(`70000000${String(index).padStart(2, '0')}`, 'student', {
        firstName,
        lastName,
      });
      await payOrder(t, student, asha, 100 + index);
    }
    const res = await api('GET', `${EXPORT_URL}?from=2025-01-15&to=2025-01-15`, {
      token: asha.token,
    });
    const lines = res.body.split('\r\n');
    expect(lines.map((line) => line.split('","')[2])).toEqual(
      expect.arrayContaining([
        `'=HYPERLINK(""http://evil.example"") X`,
        `'@SUM(1+1) Y`,
        `'+91 Z`,
        `'-1 W`,
        `'\tTab V`,
        'Rohan ""Ro"" Mehta',
      ]),
    );
    expect(cells(res.body).map((row) => row[2])).toEqual([
      'Student',
      `'=HYPERLINK("http://evil.example") X`,
      `'@SUM(1+1) Y`,
      `'+91 Z`,
      `'-1 W`,
      `'\tTab V`,
      'Rohan "Ro" Mehta',
    ]);
  });

  it('needs both dates in order and at most 366 days', async () => {
    const { asha } = await t.demo();
    const get = (query: string) => api('GET', `${EXPORT_URL}${query}`, { token: asha.token });
    expect((await get('?from=2025-01-01')).statusCode).toBe(400);
    const reversed = await get('?from=2025-02-01&to=2025-01-01');
    expect([reversed.statusCode, reversed.json()]).toEqual([
      400,
      expect.objectContaining({ message: apiMessages.paymentHistory.rangeOrder }),
    ]);
    const tooLong = await get('?from=2024-01-01&to=2025-01-01');
    expect([tooLong.statusCode, tooLong.json()]).toEqual([
      400,
      expect.objectContaining({ message: apiMessages.paymentHistory.rangeTooLong(366) }),
    ]);
    // 2024 is a leap year: 1 January to 31 December is 366 days.
    expect((await get('?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
  });

  it('names the student the tutor was paid by, whatever their name', async () => {
    const { asha, priya } = await t.demo();
    await server.db.update(users).set({ firstName: 'प्रिया' }).where(eq(users.id, priya.id));
    await payOrder(t, priya, asha, 100);
    const res = await api('GET', `${EXPORT_URL}?from=2025-01-15&to=2025-01-15`, {
      token: asha.token,
    });
    expect(cells(res.body)[1]?.[2]).toBe('प्रिया Sharma');
  });
});
