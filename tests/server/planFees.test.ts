// D233, D235, D243: a plan's fee in rupees and paise (issue 48: '1200.50' was kept as
// ₹1,20,050), each problem at its field, and a plan that ends at a month (a tutor's year runs
// April to March).
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { dues } from '../../src/server/db/schema';
import { testDatabases } from '../support/server';
import { usePaymentsServer } from './payments.support';

const PLANS = '/api/v1/fee-plans/';

describe.each(testDatabases())('plan fees on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  async function tutorWithClass() {
    const { asha } = await t.demo();
    await api('POST', '/api/v1/students/', {
      token: asha.token,
      body: { name: 'Aarav Sharma', phone: '9876500001', batch: 'Class 10' },
    });
    return asha;
  }
  const monthly = {
    name: 'Class 10 year',
    kind: 'monthly',
    batch: 'Class 10',
    amount: 1200.5,
    due_day: 5,
    start_month: '2025-02',
  };

  it('keeps ₹1,200.50 as 1200.50, in the plan and its dues', async () => {
    const asha = await tutorWithClass();
    const res = await api('POST', PLANS, { token: asha.token, body: monthly });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ amount: 1200.5, students: 1 });
    expect((await server.db.select().from(dues)).map((d) => d.amount)).toEqual([120050]);
    const changed = await api('PATCH', `${PLANS}${res.json().id}/`, {
      token: asha.token,
      body: { amount: 450.5 },
    });
    expect(changed.json().amount).toBe(450.5);
    expect((await server.db.select().from(dues)).map((d) => d.amount)).toEqual([45050]);
  });

  it('refuses a fee it cannot keep exactly, at the field, in the product’s words', async () => {
    const asha = await tutorWithClass();
    for (const [amount, message, code] of [
      [12.345, messages.validation.amountDecimals, 'validation.amountDecimals'],
      [0.5, messages.validation.amountMin, 'validation.amountMin'],
      [50000.5, messages.validation.amountMax, 'validation.amountMax'],
    ] as const) {
      const res = await api('POST', PLANS, { token: asha.token, body: { ...monthly, amount } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, code, field: 'amount' });
    }
    const parts = await api('POST', PLANS, {
      token: asha.token,
      body: {
        name: 'Term',
        kind: 'instalments',
        batch: 'Class 10',
        instalments: [
          { due_date: '2025-02-01', amount: 1000 },
          { due_date: '2025-01-20', amount: 1000 },
        ],
      },
    });
    expect(parts.json()).toMatchObject({
      code: 'plans.instalmentOrder',
      field: 'instalments.1.due_date',
    });
    expect(await server.db.select().from(dues)).toEqual([]);
  });

  it('ends a monthly plan at its last month, and a change of the last month ends the dues after it', async () => {
    const asha = await tutorWithClass();
    const year = await api('POST', PLANS, {
      token: asha.token,
      body: { ...monthly, start_month: '2025-01', due_day: 10, end_month: '2025-02' },
    });
    expect(year.json()).toMatchObject({ start_month: '2025-01', end_month: '2025-02' });
    // 15 January: January's and February's dues are written (31 days ahead), March's never.
    const periods = async () => (await server.db.select().from(dues)).map((d) => d.period).sort();
    expect(await periods()).toEqual(['2025-01', '2025-02']);
    const shorter = await api('PATCH', `${PLANS}${year.json().id}/`, {
      token: asha.token,
      body: { end_month: '2025-01' },
    });
    expect(shorter.json().end_month).toBe('2025-01');
    expect(await periods()).toEqual(['2025-01']);
    const before = await api('POST', PLANS, {
      token: asha.token,
      body: { ...monthly, name: 'Bad', end_month: '2025-01' },
    });
    expect(before.json()).toMatchObject({ code: 'plans.endBeforeStart', field: 'end_month' });
  });
});
