// D237, D238: cash of any amount with the day it was paid, settling the student's dues oldest
// first, one entry at a time whatever runs at once, with a receipt the payer sees; a part-paid
// due past its date reads 'partly paid, overdue'. (Issue 48: 'Paid in cash' settled everything
// left, with no amount, no date and no receipt; a part-paid overdue due read only 'Overdue'.)
import { describe, expect, it } from 'vitest';
import { dues, paymentLinks } from '../../src/server/db/schema';
import { testDatabases } from '../support/server';
import { moveClockTo } from './dashboards.support';
import { usePaymentsServer, type Actor } from './payments.support';

const NEHA = '9876500002';

describe.each(testDatabases())('cash entries on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  /** Aarav (paid for by Neha) owes ₹2,000 on 5 January and 5 February; it is 15 January. */
  async function owing() {
    const { asha } = await t.demo();
    const aarav = (
      await api('POST', '/api/v1/students/', {
        token: asha.token,
        body: {
          name: 'Aarav Sharma',
          phone: '9876500001',
          parent_name: 'Neha Sharma',
          parent_phone: NEHA,
          batch: 'Class 10',
        },
      })
    ).json().id as number;
    await api('POST', '/api/v1/fee-plans/', {
      token: asha.token,
      body: {
        name: 'Maths',
        kind: 'monthly',
        batch: 'Class 10',
        amount: 2000,
        due_day: 5,
        start_month: '2025-01',
      },
    });
    return { asha, aarav };
  }
  const cash = (tutor: Actor, student: number, body: Record<string, unknown>) =>
    api('POST', `/api/v1/students/${student}/cash/`, { token: tutor.token, body });
  const stored = async () =>
    (await server.db.select().from(dues))
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate))
      .map((d) => [d.period, d.paid, d.status, d.settledBy]);

  it('records any amount on its day, oldest due first, and the payer sees the receipt', async () => {
    const { asha, aarav } = await owing();
    const first = await cash(asha, aarav, {
      amount: 1200.5,
      received_on: '2025-01-14',
      note: 'At the class',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      number: expect.stringMatching(/^CR-\d{6}$/),
      tutor_name: 'Asha Verma',
      student_name: 'Aarav Sharma',
      amount: 1200.5,
      received_on: '2025-01-14',
      note: 'At the class',
      dues: [{ plan_name: 'Maths', period: '2025-01', applied: 1200.5 }],
    });
    // ₹3,000 more: ₹799.50 finishes January's, ₹2,200.50 would be more than February's ₹2,000 …
    const tooMuch = await cash(asha, aarav, { amount: 3000, received_on: '2025-01-15' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ code: 'cash.tooMuch', field: 'amount' });
    const second = await cash(asha, aarav, { amount: 1799.5, received_on: '2025-01-15' });
    expect(second.json().dues).toEqual([
      expect.objectContaining({ period: '2025-01', applied: 799.5 }),
      expect.objectContaining({ period: '2025-02', applied: 1000 }),
    ]);
    expect(await stored()).toEqual([
      ['2025-01', 200000, 'paid', 'cash'],
      ['2025-02', 100000, 'partly_paid', null],
    ]);
    // Neha logs in: both receipts are hers to see, newest first.
    const neha = await t.user(NEHA, 'student');
    const mine = (await api('GET', '/api/v1/my-dues/', { token: neha.token })).json();
    expect(mine.receipts.map((r: { amount: number }) => r.amount)).toEqual([1799.5, 1200.5]);
    expect(mine.results).toEqual([expect.objectContaining({ period: '2025-02', left: 1000 })]);
  });

  it('refuses a day ahead or long ago, and a student who owes nothing, each at its field', async () => {
    const { asha, aarav } = await owing();
    const ahead = await cash(asha, aarav, { amount: 100, received_on: '2025-01-16' });
    expect(ahead.json()).toMatchObject({ code: 'cash.dateFuture', field: 'received_on' });
    const old = await cash(asha, aarav, { amount: 100, received_on: '2023-12-31' });
    expect(old.json()).toMatchObject({ code: 'cash.dateOld', field: 'received_on' });
    const decimals = await cash(asha, aarav, { amount: 10.005, received_on: '2025-01-15' });
    expect(decimals.statusCode).toBe(400);
    await cash(asha, aarav, { amount: 4000, received_on: '2025-01-15' });
    const none = await cash(asha, aarav, { amount: 1, received_on: '2025-01-15' });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'cash.nothingOwed' });
    const { ravi } = await t.demo();
    expect((await cash(ravi, aarav, { amount: 1, received_on: '2025-01-15' })).statusCode).toBe(
      404,
    );
  });

  it('takes one of two entries at once for all that is owed, never more than a due is worth', async () => {
    const { asha, aarav } = await owing();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        cash(asha, aarav, { amount: 4000, received_on: '2025-01-15' }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await stored()).toEqual([
      ['2025-01', 200000, 'paid', 'cash'],
      ['2025-02', 200000, 'paid', 'cash'],
    ]);
  });

  it('ends the links made for a due it touched: none asks for what was owed before', async () => {
    const { asha, aarav } = await owing();
    const month = (await api('GET', '/api/v1/dues/?month=2025-01', { token: asha.token })).json();
    const link = await api('POST', `/api/v1/dues/${month.results[0].id}/link/`, {
      token: asha.token,
    });
    expect(link.statusCode).toBe(200);
    await cash(asha, aarav, { amount: 500, received_on: '2025-01-15' });
    const [kept] = (await server.db.select().from(paymentLinks)).filter(
      (l) => l.id === link.json().id,
    );
    expect(kept?.status).toBe('CANCELLED');
  });

  it("reads a due part paid past its date as 'partly paid, overdue'", async () => {
    const { asha, aarav } = await owing();
    await cash(asha, aarav, { amount: 500, received_on: '2025-01-15' });
    const january = (await api('GET', '/api/v1/dues/?month=2025-01', { token: asha.token })).json();
    // What the student owes on all their dues: January's ₹1,500 left and February's ₹2,000.
    expect(january.results[0]).toMatchObject({
      status: 'partly_paid_overdue',
      left: 1500,
      student_owes: 3500,
    });
    expect(january.overdue).toBe(1);
    moveClockTo(t, '2025-01-20T10:00:00+05:30');
    const back = await t.user(asha.phone, 'teacher');
    const february = (
      await api('GET', '/api/v1/dues/?month=2025-02', { token: back.token })
    ).json();
    expect(february.results[0]).toMatchObject({
      status: 'open',
      payer_phone: NEHA,
      batch: 'Class 10',
    });
  });
});
