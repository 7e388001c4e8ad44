// A tutor's fee plans (issue 14, D145): monthly, instalments or one-time, for a student or a
// batch; every rule refused in words; a running plan's name once per tutor under parallel
// requests; ended once.
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { feePlans } from '../../src/server/db/schema';
import { testDatabases } from '../support/server';
import { moveClockTo } from './dashboards.support';
import { usePaymentsServer, type Actor } from './payments.support';

const PLANS = '/api/v1/fee-plans/';
const endUrl = (id: number) => `/api/v1/fee-plans/${id}/end/`;
const m = studentsTexts.plans;

// The test clock starts on 2025-01-15 (IST).
const MONTHLY = {
  name: ' Class 10  monthly ',
  kind: 'monthly',
  batch: 'Class 10',
  amount: 2000,
  due_day: 5,
  start_month: '2025-02',
};

describe.each(testDatabases())('fee plans on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;
  const rows = () => server.db.select().from(feePlans);
  const make = (tutor: Actor, body: Record<string, unknown>) =>
    api('POST', PLANS, { token: tutor.token, body });

  it('makes monthly, one-time and instalment plans, kept in paise and listed newest first', async () => {
    const { asha } = await t.demo();
    const student = await api('POST', '/api/v1/students/', {
      token: asha.token,
      body: { name: 'Aarav Sharma', phone: '9876500001' },
    });
    const studentId = student.json().id as number;
    const monthly = await make(asha, { ...MONTHLY, partial_minimum: 500 });
    expect(monthly.statusCode).toBe(201);
    expect(monthly.json()).toMatchObject({
      name: 'Class 10 monthly',
      kind: 'monthly',
      batch: 'Class 10',
      student_id: null,
      amount: 2000,
      due_day: 5,
      start_month: '2025-02',
      partial_minimum: 500,
      ended_at: null,
    });
    server.clock.advance(1000);
    const once = await make(asha, {
      name: 'Exam crash course',
      kind: 'one_time',
      student_id: studentId,
      amount: 4500,
      due_date: '2025-01-15',
    });
    expect(once.statusCode).toBe(201);
    server.clock.advance(1000);
    const parts = await make(asha, {
      name: 'Year in three parts',
      kind: 'instalments',
      student_id: studentId,
      instalments: [
        { due_date: '2025-02-01', amount: 10000 },
        { due_date: '2025-06-01', amount: 10000 },
        { due_date: '2025-10-01', amount: 5000 },
      ],
    });
    expect(parts.json()).toMatchObject({
      amount: 25000,
      instalments: [{ amount: 10000 }, {}, {}],
      reminder_days: [-3, 0, 3, 7],
    });
    const kept = await rows();
    expect(kept.find((r) => r.kind === 'monthly')).toMatchObject({
      amount: 200000,
      partialMinimum: 50000,
    });
    const list = await api('GET', PLANS, { token: asha.token });
    expect(list.json().results.map((p: { name: string }) => p.name)).toEqual([
      'Year in three parts',
      'Exam crash course',
      'Class 10 monthly',
    ]);
  });

  it('refuses each broken rule in words and keeps nothing', async () => {
    const { asha, ravi } = await t.demo();
    const ravisStudent = await api('POST', '/api/v1/students/', {
      token: ravi.token,
      body: { name: 'Ravi Student', phone: '9876500009' },
    });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...MONTHLY, name: '  ' }, 400, m.nameRequired],
      [{ ...MONTHLY, batch: null }, 400, m.target],
      [{ ...MONTHLY, student_id: 1 }, 400, m.target],
      [{ ...MONTHLY, start_month: '2024-12' }, 400, m.startPast],
      [{ ...MONTHLY, start_month: '2025-13' }, 400, m.startMonth],
      [{ ...MONTHLY, due_day: 29 }, 400, m.dueDay],
      [{ ...MONTHLY, amount: 0 }, 400, messages.validation.amountMin],
      [{ ...MONTHLY, amount: 50001 }, 400, messages.validation.amountMax],
      [{ ...MONTHLY, due_date: '2025-02-01' }, 400, m.notForKind('due_date', 'monthly')],
      [{ ...MONTHLY, partial_minimum: 2000 }, 400, m.partialMinimum],
      [{ ...MONTHLY, reminder_days: [3, -3] }, 400, m.reminderDays],
      [{ ...MONTHLY, reminder_days: [-3, 0, 0] }, 400, m.reminderDays],
      [{ ...MONTHLY, reminder_days: [-30] }, 400, m.reminderDays],
      [
        { name: 'x', kind: 'one_time', batch: 'b', amount: 10, due_date: '2025-01-14' },
        400,
        m.duePast,
      ],
      [
        { name: 'x', kind: 'one_time', batch: 'b', amount: 10, due_date: '2025-02-30' },
        400,
        m.dueDate,
      ],
      [
        {
          name: 'x',
          kind: 'instalments',
          batch: 'b',
          instalments: [{ due_date: '2025-03-01', amount: 5 }],
        },
        400,
        m.instalmentCount,
      ],
      [
        {
          name: 'x',
          kind: 'instalments',
          batch: 'b',
          instalments: [
            { due_date: '2025-03-01', amount: 5 },
            { due_date: '2025-03-01', amount: 5 },
          ],
        },
        400,
        m.instalmentOrder,
      ],
      [{ ...MONTHLY, batch: null, student_id: ravisStudent.json().id }, 404, m.noStudent],
    ];
    for (const [body, status, message] of cases) {
      const res = await make(asha, body);
      expect({ body, status: res.statusCode, message: res.json().message }).toEqual({
        body,
        status,
        message,
      });
    }
    expect(await rows()).toEqual([]);
  });

  it('keeps a running name once under parallel requests; ending frees it, once', async () => {
    const { asha, priya } = await t.demo();
    const answers = await Promise.all(Array.from({ length: 6 }, () => make(asha, MONTHLY)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe(
      m.duplicate('Class 10 monthly'),
    );
    const id = answers.find((a) => a.statusCode === 201)!.json().id as number;
    expect((await api('POST', endUrl(id), { token: priya.token })).statusCode).toBe(403);
    const ends = await Promise.all(
      Array.from({ length: 3 }, () => api('POST', endUrl(id), { token: asha.token })),
    );
    expect(ends.map((e) => e.statusCode).sort()).toEqual([200, 409, 409]);
    expect(ends.find((e) => e.statusCode === 200)?.json().ended_at).toBe(
      server.clock.now().toISOString(),
    );
    expect((await api('POST', endUrl(id + 100), { token: asha.token })).statusCode).toBe(404);
    expect((await make(asha, MONTHLY)).statusCode).toBe(201);
    expect(await rows()).toHaveLength(2);
  });

  describe('changing and ending a plan touches dues still ahead only (D152)', () => {
    const planUrl = (id: number) => `/api/v1/fee-plans/${id}/`;
    /** Asha's batch of two on ₹2,000 due on the 5th from February, on 2025-03-10. */
    async function batchOnMarch10() {
      const { asha } = await t.demo();
      for (const [name, phone] of [
        ['Aarav Sharma', '9876500001'],
        ['Diya Patel', '9876500002'],
      ]) {
        await api('POST', '/api/v1/students/', {
          token: asha.token,
          body: { name, phone, batch: 'Class 10' },
        });
      }
      const plan = (await make(asha, MONTHLY)).json();
      moveClockTo(t, '2025-03-10T10:00:00+05:30');
      await server.app.services.dues.generate();
      return { asha: await t.user(asha.phone, 'teacher'), planId: plan.id as number };
    }
    const duesOf = async (tutor: Actor, month: string) =>
      (await api('GET', `/api/v1/dues/?month=${month}`, { token: tutor.token })).json().results as {
        id: number;
        student_name: string;
        due_date: string;
        amount: number;
        status: string;
      }[];

    it('gives dues still ahead the new fee and day; those due or touched stay', async () => {
      const { asha, planId } = await batchOnMarch10();
      // Diya's April due has a link already; Aarav's was settled in cash: touched, it stays.
      const april = await duesOf(asha, '2025-04');
      const aaravApril = april.find((d) => d.student_name === 'Aarav Sharma')!;
      const diyaApril = april.find((d) => d.student_name === 'Diya Patel')!;
      await api('POST', `/api/v1/dues/${aaravApril.id}/settle/`, {
        token: asha.token,
        body: { how: 'cash' },
      });
      const link = await api('POST', `/api/v1/dues/${diyaApril.id}/link/`, {
        token: asha.token,
        body: {},
      });
      expect(link.statusCode).toBe(200);
      const changed = await api('PATCH', planUrl(planId), {
        token: asha.token,
        body: { amount: 2500, due_day: 8, name: 'Maths 2025' },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ name: 'Maths 2025', amount: 2500, due_day: 8 });
      // March fell due on the 5th: as it was. April: Diya's moves to the 8th at ₹2,500.
      expect((await duesOf(asha, '2025-03')).map((d) => [d.due_date, d.amount])).toEqual([
        ['2025-03-05', 2000],
        ['2025-03-05', 2000],
      ]);
      const after = await duesOf(asha, '2025-04');
      expect(after.find((d) => d.id === diyaApril.id)).toMatchObject({
        due_date: '2025-04-08',
        amount: 2500,
      });
      expect(after.find((d) => d.id === aaravApril.id)).toMatchObject({
        due_date: '2025-04-05',
        amount: 2000,
        status: 'paid',
      });
      // The old link asks for ₹2,000 no more; a new one asks for ₹2,500.
      const old = await api('GET', `/api/v1/payments/payment-link/${link.json().id}/`);
      expect(old.json().status).toBe('CANCELLED');
      const fresh = await api('POST', `/api/v1/dues/${diyaApril.id}/link/`, {
        token: asha.token,
        body: {},
      });
      expect(fresh.json()).toMatchObject({ amount: 2500 });
      // May, written later, follows the plan as it is now.
      moveClockTo(t, '2025-04-20T10:00:00+05:30');
      await server.app.services.dues.generate();
      const may = await duesOf(await t.user(asha.phone, 'teacher'), '2025-05');
      expect(may.map((d) => [d.due_date, d.amount])).toEqual([
        ['2025-05-08', 2500],
        ['2025-05-08', 2500],
      ]);
    });

    it('refuses a change the plan cannot take, in words, and changes nothing', async () => {
      const { asha, planId } = await batchOnMarch10();
      const { priya } = await t.demo();
      const change = (body: object, id = planId, token = asha.token) =>
        api('PATCH', planUrl(id), { token, body });
      expect((await change({ partial_minimum: 2000 })).json()).toMatchObject({
        message: m.partialMinimum,
      });
      expect((await change({ reminder_days: [3, 0] })).json()).toMatchObject({
        message: m.reminderDays,
      });
      expect((await change({ name: '   ' })).json()).toMatchObject({ message: m.nameRequired });
      expect((await change({ due_day: 31 })).statusCode).toBe(400);
      expect((await change({ amount: 0 })).statusCode).toBe(400);
      expect((await change({})).statusCode).toBe(400);
      expect((await change({ amount: 2500 }, planId, priya.token)).statusCode).toBe(403);
      expect((await change({ amount: 2500 }, planId + 100)).statusCode).toBe(404);
      const parts = await make(asha, {
        name: 'Books',
        kind: 'instalments',
        batch: 'Class 10',
        instalments: [
          { due_date: '2025-04-01', amount: 1000 },
          { due_date: '2025-05-01', amount: 1000 },
        ],
      });
      expect((await change({ amount: 2500 }, parts.json().id)).json()).toMatchObject({
        message: m.notForKind('amount', 'instalment'),
      });
      expect(
        (await duesOf(asha, '2025-04')).every((d) => d.amount === 2000 || d.amount === 1000),
      ).toBe(true);
      await api('POST', endUrl(planId), { token: asha.token });
      expect((await change({ amount: 2500 })).statusCode).toBe(409);
    });

    it('ends a plan: its dues ahead go, those already due stay owed', async () => {
      const { asha, planId } = await batchOnMarch10();
      expect((await duesOf(asha, '2025-04')).length).toBe(2);
      const ended = await api('POST', endUrl(planId), { token: asha.token });
      expect(ended.statusCode).toBe(200);
      expect(await duesOf(asha, '2025-04')).toEqual([]);
      expect((await duesOf(asha, '2025-03')).map((d) => d.status)).toEqual(['overdue', 'overdue']);
      await server.app.services.dues.generate();
      expect(await duesOf(asha, '2025-04')).toEqual([]);
    });

    it('changes under parallel requests and the dues job: every due ahead has the last fee', async () => {
      const { asha, planId } = await batchOnMarch10();
      const answers = await Promise.all([
        ...[2100, 2200, 2300, 2400].map((amount) =>
          api('PATCH', planUrl(planId), { token: asha.token, body: { amount } }),
        ),
        server.app.services.dues.generate(),
      ]);
      expect(answers.slice(0, 4).map((a) => (a as { statusCode: number }).statusCode)).toEqual([
        200, 200, 200, 200,
      ]);
      const [plan] = (await api('GET', PLANS, { token: asha.token })).json().results;
      expect((await duesOf(asha, '2025-04')).map((d) => d.amount)).toEqual([
        plan.amount,
        plan.amount,
      ]);
    });
  });
});
