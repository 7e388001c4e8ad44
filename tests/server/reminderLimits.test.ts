// Issue 46: no tutor can use the platform's sender at will. A tutor's reminders of a day stop at
// a cap (D210: the larger of 20 and twice the students who have paid them), phones from an
// import get none until the tutor confirms them, the platform's day stays within each
// channel's ceiling, a reminder never asks for more than one payment may be (D208), and a
// plan's name reaches a text only within the rules (D209). Every skip is in the log, with why.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { feePlans, orders, users } from '../../src/server/db/schema';
import { testDatabases } from '../support/server';
import { moveClockTo } from './dashboards.support';
import { usePaymentsServer, type Actor } from './payments.support';

const m = studentsTexts.reminders;
const phoneOf = (n: number) => `98765${String(n).padStart(5, '0')}`;

describe.each(testDatabases())('how many reminders go on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  /** Asha's `count` students imported from a CSV into 'Class 10', on a ₹2,000 monthly plan. */
  async function imported(count: number) {
    const { asha } = await t.demo();
    const csv = [
      'name,phone,batch',
      ...Array.from(
        { length: count },
        (_, i) => `Student ${String.fromCharCode(65 + i)},${phoneOf(i + 1)},Class 10`,
      ),
    ].join('\n');
    const res = await api('POST', '/api/v1/students/import/', {
      token: asha.token,
      body: { csv, accept: 'all' },
    });
    expect(res.json()).toMatchObject({ imported: count });
    const plan = await api('POST', '/api/v1/fee-plans/', {
      token: asha.token,
      body: {
        name: 'Maths',
        kind: 'monthly',
        batch: 'Class 10',
        amount: 2000,
        due_day: 5,
        start_month: '2025-02',
      },
    });
    expect(plan.statusCode).toBe(201);
    return { asha, planId: plan.json().id as number };
  }

  const at = async (tutor: Actor, iso: string) => {
    moveClockTo(t, iso);
    await server.app.services.dues.generate();
    return t.user(tutor.phone, 'teacher');
  };
  const pass = () => server.app.services.reminders.run();
  const log = async (tutor: Actor) =>
    (await api('GET', '/api/v1/reminders/', { token: tutor.token })).json().results as {
      day: string;
      payer_phone: string;
      status: string;
      skipped: string | null;
      channel: string;
      amount: number;
    }[];
  const ofDay = async (tutor: Actor, day: string) =>
    (await log(tutor)).filter((r) => r.day === day);
  const students = async (tutor: Actor) =>
    (await api('GET', '/api/v1/students/?page_size=100', { token: tutor.token })).json();
  const sendNow = (tutor: Actor, studentId: number) =>
    api('POST', '/api/v1/reminders/', { token: tutor.token, body: { student_id: studentId } });
  const confirm = (tutor: Actor, body: object = {}) =>
    api('POST', '/api/v1/students/confirm/', { token: tutor.token, body });
  /** `n` students who have paid `tutorId` through us. */
  async function paidBy(tutorId: number, n: number) {
    const payers = await server.db
      .insert(users)
      .values(
        Array.from({ length: n }, (_, i) => ({
          phone: `60000${String(i).padStart(5, '0')}`,
          role: 'student' as const,
        })),
      )
      .returning({ id: users.id });
    await server.db.insert(orders).values(
      payers.map(({ id }) => ({
        id: `order_paid_${id}`,
        payerId: id,
        payeeId: tutorId,
        baseAmount: 100_000,
        fee: 0,
        charges: 0,
        total: 100_000,
        paymentMethod: 'upi' as const,
        settlementType: 'STANDARD',
        status: 'PAID' as const,
        paidAt: server.clock.now(),
      })),
    );
  }

  it('texts no imported phone until the tutor confirms, then at most the daily cap (item 5)', async () => {
    const first = await imported(25);
    let asha = await at(first.asha, '2025-02-02T10:00:00+05:30');
    const listed = await students(asha);
    expect(listed.unconfirmed).toBe(25);
    expect(listed.results[0]).toMatchObject({ source: 'added', confirmed: false });
    // 2 February, three days before the due day: none goes, each is logged with why.
    expect(await pass()).toEqual({ sent: 0, skipped: 25 });
    expect(new Set((await ofDay(asha, '2025-02-02')).map((r) => r.skipped))).toEqual(
      new Set(['unconfirmed']),
    );
    const studentId = listed.results[0].id as number;
    expect((await sendNow(asha, studentId)).json()).toMatchObject({ message: m.unconfirmed });
    // The tutor confirms them all; then a reminder sent now goes, in place of the day's skip.
    expect((await confirm(asha)).json()).toEqual({ confirmed: 25 });
    expect((await confirm(asha)).json()).toEqual({ confirmed: 0 });
    expect((await students(asha)).unconfirmed).toBe(0);
    expect((await sendNow(asha, studentId)).json()).toMatchObject({
      kind: 'manual',
      skipped: null,
    });

    // 5 February: 25 payers due; a tutor nobody has paid yet reaches 20 a day, four passes at once.
    asha = await at(asha, '2025-02-05T10:00:00+05:30');
    const passes = await Promise.all([pass(), pass(), pass(), pass()]);
    expect(passes.reduce((n, p) => n + ('sent' in p ? p.sent : 0), 0)).toBe(20);
    const day = await ofDay(asha, '2025-02-05');
    expect(day.filter((r) => r.skipped === null)).toHaveLength(20);
    expect(day.filter((r) => r.skipped === 'daily_cap')).toHaveLength(5);
    const capped = day.find((r) => r.skipped === 'daily_cap')!;
    const cappedId = (await students(asha)).results.find(
      (s: { phone: string }) => s.phone === capped.payer_phone,
    ).id;
    expect((await sendNow(asha, cappedId)).json()).toMatchObject({ message: m.dailyCap });

    // 13 students have paid Asha: 26 a day now, and all 25 go on 8 February.
    await paidBy(asha.id, 13);
    await at(asha, '2025-02-08T10:00:00+05:30');
    expect(await pass()).toEqual({ sent: 25, skipped: 0 });
  });

  it("keeps the platform's day within each channel's ceiling (item 5)", async () => {
    const first = await imported(6);
    let asha = await at(first.asha, '2025-02-02T10:00:00+05:30');
    await confirm(asha);
    const limits = { ...server.config.remindersPerDay };
    server.config.remindersPerDay.whatsapp = 2;
    server.config.remindersPerDay.sms = 3;
    try {
      expect(await pass()).toEqual({ sent: 5, skipped: 1 });
      const day = await ofDay(asha, '2025-02-02');
      // WhatsApp's ceiling reached, SMS carries on; past both, the rest waits for tomorrow.
      expect(day.filter((r) => r.skipped === null && r.channel === 'whatsapp')).toHaveLength(2);
      expect(day.filter((r) => r.skipped === null && r.channel === 'sms')).toHaveLength(3);
      expect(day.filter((r) => r.skipped === 'platform_limit')).toHaveLength(1);
      asha = await at(asha, '2025-02-05T10:00:00+05:30');
      expect(await pass()).toEqual({ sent: 5, skipped: 1 });
    } finally {
      Object.assign(server.config.remindersPerDay, limits);
    }
  });

  it('confirms only the tutor’s own students, and only for tutors (item 5)', async () => {
    const first = await imported(2);
    const ravi = await t.user('9000000002', 'teacher');
    const ids = (await students(first.asha)).results.map((s: { id: number }) => s.id);
    expect((await confirm(ravi, { student_ids: ids })).json()).toEqual({ confirmed: 0 });
    expect((await confirm(first.asha, { student_ids: [ids[0]] })).json()).toEqual({ confirmed: 1 });
    expect((await students(first.asha)).unconfirmed).toBe(1);
    const priya = await t.user('9876511111', 'student');
    expect((await confirm(priya)).statusCode).toBe(403);
    // One added by hand is confirmed as it is added.
    const added = await api('POST', '/api/v1/students/', {
      token: first.asha.token,
      body: { name: 'Ira Sen', phone: '9876599999' },
    });
    expect(added.json()).toMatchObject({ confirmed: true });
  });

  it('reminds of the oldest dues one payment can take (D208)', async () => {
    const { asha } = await t.demo();
    const ira = (
      await api('POST', '/api/v1/students/', {
        token: asha.token,
        body: { name: 'Ira Sen', phone: '9876500005' },
      })
    ).json().id;
    for (const [name, date] of [
      ['Coaching', '2025-02-01'],
      ['Hostel', '2025-02-02'],
    ]) {
      await api('POST', '/api/v1/fee-plans/', {
        token: asha.token,
        body: { name, kind: 'one_time', student_id: ira, amount: 30_000, due_date: date },
      });
    }
    const late = await at(asha, '2025-02-02T10:00:00+05:30');
    expect(await pass()).toEqual({ sent: 1, skipped: 0 });
    expect((await log(late))[0]).toMatchObject({ amount: 30_000, skipped: null });
  });

  it("puts only a plan's name the rules allow into a text (D209, item 4)", async () => {
    const first = await imported(1);
    const asha = await at(first.asha, '2025-02-02T10:00:00+05:30');
    await confirm(asha);
    const bad = 'URGENT pay at evil.example/x or lose seat';
    const refused = await api('PATCH', `/api/v1/fee-plans/${first.planId}/`, {
      token: asha.token,
      body: { name: bad },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: studentsTexts.plans.nameLink });
    const made = await api('POST', '/api/v1/fee-plans/', {
      token: asha.token,
      body: {
        name: 'Call 98765 43210',
        kind: 'one_time',
        batch: 'Class 10',
        amount: 100,
        due_date: '2025-03-01',
      },
    });
    expect(made.json()).toMatchObject({ message: studentsTexts.plans.namePhone });
    // A name kept before the rule: the text says what the fee is for in neutral words.
    await server.db.update(feePlans).set({ name: bad }).where(eq(feePlans.id, first.planId));
    await at(asha, '2025-02-02T11:00:00+05:30');
    expect(await pass()).toEqual({ sent: 1, skipped: 0 });
    await t.jobs();
    const [text] = (
      await t.inject({ method: 'GET', url: `/sandbox/outbox.json?phone=${phoneOf(1)}` })
    ).json<{ body: string }[]>();
    expect(text!.body).toContain('Rs 2,000.00 for Tuition fee (Feb 2025).');
    expect(text!.body).not.toMatch(/evil|URGENT/);
  });
});
