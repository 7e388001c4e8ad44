// Dues (issue 14, D146): written ahead by the hourly job, once per plan, student and period
// however many workers run it at once; a month at a glance; settled by hand or waived, once.
import { describe, expect, it } from 'vitest';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { dues } from '../../src/server/db/schema';
import { sweepAndRunJobs } from '../support/jobs';
import { testDatabases } from '../support/server';
import { moveClockTo } from './dashboards.support';
import { usePaymentsServer, type Actor } from './payments.support';

const DUES = '/api/v1/dues/';

describe.each(testDatabases())('dues on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;
  const rows = () => server.db.select().from(dues);

  /** Asha with Aarav and Diya in 'Class 10' on a ₹2,000 monthly plan, Kabir owing ₹1,500 once. */
  async function month(): Promise<{ asha: Actor; planId: number; kabir: number }> {
    const { asha } = await t.demo();
    const add = async (name: string, phone: string, batch?: string) =>
      (
        await api('POST', '/api/v1/students/', {
          token: asha.token,
          body: { name, phone, ...(batch ? { batch } : {}) },
        })
      ).json().id as number;
    await add('Aarav Sharma', '9876500001', 'Class 10');
    await add('Diya Patel', '9876500002', 'Class 10');
    const kabir = await add('Kabir Rao', '9876500003');
    const plan = async (body: Record<string, unknown>) =>
      (await api('POST', '/api/v1/fee-plans/', { token: asha.token, body })).json().id as number;
    const planId = await plan({
      name: 'Class 10 monthly',
      kind: 'monthly',
      batch: 'Class 10',
      amount: 2000,
      due_day: 5,
      start_month: '2025-02',
    });
    await plan({
      name: 'Crash course',
      kind: 'one_time',
      student_id: kabir,
      amount: 1500,
      due_date: '2025-01-20',
    });
    return { asha, planId, kabir };
  }
  const generate = () => server.app.services.dues.generate();
  /** Moves the clock on and logs the tutor in again (a session ends after a while). */
  const later = async (tutor: Actor, iso: string) => {
    moveClockTo(t, iso);
    return t.user(tutor.phone, 'teacher');
  };

  it('writes each due once, ahead of time, whatever runs at once', async () => {
    await month();
    // Making a plan writes its dues at once: 2025-01-15, up to 31 days ahead, February's
    // monthly and Kabir's one-time.
    expect(await rows()).toHaveLength(3);
    // Written again from nothing by four jobs at once: each due once.
    await server.db.delete(dues);
    const runs = await Promise.all(Array.from({ length: 4 }, generate));
    expect(runs.reduce((sum, r) => sum + r.created, 0)).toBe(3);
    expect((await generate()).created).toBe(0);
    const kept = await rows();
    expect(kept.map((d) => [d.period, d.dueDate, d.amount]).sort()).toEqual([
      ['2025-02', '2025-02-05', 200000],
      ['2025-02', '2025-02-05', 200000],
      ['once', '2025-01-20', 150000],
    ]);
  });

  it('the hourly job writes them: the sweep sends it once an hour', async () => {
    await month();
    await server.db.delete(dues);
    await sweepAndRunJobs(server.app);
    expect(await rows()).toHaveLength(3);
    await sweepAndRunJobs(server.app);
    expect(await rows()).toHaveLength(3);
  });

  it('shows a month at a glance; a due settled in cash or waived, once', async () => {
    const first = await month();
    await generate();
    const asha = await later(first.asha, '2025-02-10T10:00:00+05:30');
    const february = async () =>
      (await api('GET', `${DUES}?month=2025-02`, { token: asha.token })).json();
    const before = await february();
    expect(before).toMatchObject({
      month: '2025-02',
      expected: 4000,
      collected: 0,
      outstanding: 4000,
      overdue: 2,
      // Kabir's January due is left over.
      carried_forward: 1500,
    });
    expect(
      before.results.map((d: { student_name: string; status: string }) => [
        d.student_name,
        d.status,
      ]),
    ).toEqual([
      ['Aarav Sharma', 'overdue'],
      ['Diya Patel', 'overdue'],
    ]);
    const [aarav, diya] = before.results as { id: number }[];
    const settle = () =>
      api('POST', `${DUES}${aarav!.id}/settle/`, {
        token: asha.token,
        body: { how: 'cash', note: 'Paid at class' },
      });
    const answers = await Promise.all([settle(), settle(), settle()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe(
      studentsTexts.dues.closed,
    );
    expect(answers.find((a) => a.statusCode === 200)?.json()).toMatchObject({
      status: 'paid',
      paid: 2000,
      left: 0,
      settled_by: 'cash',
      note: 'Paid at class',
    });
    const waived = await api('POST', `${DUES}${diya!.id}/waive/`, {
      token: asha.token,
      body: { note: 'Scholarship' },
    });
    expect(waived.json()).toMatchObject({ status: 'waived', left: 0 });
    expect(await february()).toMatchObject({
      expected: 2000,
      collected: 2000,
      outstanding: 0,
      overdue: 0,
    });
    // The chart's six months agree with the month (waived dues are not expected).
    const chart = await api('GET', `${DUES}months/?to=2025-02`, { token: asha.token });
    expect(chart.json().results).toEqual([
      { month: '2024-09', expected: 0, collected: 0 },
      { month: '2024-10', expected: 0, collected: 0 },
      { month: '2024-11', expected: 0, collected: 0 },
      { month: '2024-12', expected: 0, collected: 0 },
      { month: '2025-01', expected: 1500, collected: 0 },
      { month: '2025-02', expected: 2000, collected: 2000 },
    ]);
    const missing = await api('POST', `${DUES}999999/waive/`, { token: asha.token, body: {} });
    expect(missing.statusCode).toBe(404);
    const { priya } = { priya: await t.user('9876511111', 'student') };
    expect((await api('GET', `${DUES}?month=2025-02`, { token: priya.token })).statusCode).toBe(
      403,
    );
  });

  it('a student who joins the batch later owes from then on; an ended plan makes no more', async () => {
    const first = await month();
    const { planId } = first;
    await generate();
    const asha = await later(first.asha, '2025-02-10T10:00:00+05:30');
    await api('POST', '/api/v1/students/', {
      token: asha.token,
      body: { name: 'Ishaan Gupta', phone: '9876500004', batch: 'Class 10' },
    });
    await generate();
    const ishaan = (await rows()).filter((d) => d.period.startsWith('2025-') && d.studentId === 4);
    expect(ishaan.map((d) => d.period)).toEqual(['2025-03']);
    expect(
      (await api('POST', `/api/v1/fee-plans/${planId}/end/`, { token: asha.token })).statusCode,
    ).toBe(200);
    moveClockTo(t, '2025-03-10T10:00:00+05:30');
    expect((await generate()).created).toBe(0);
  });

  it("shows one student's history: every due, how it went, and what is owed", async () => {
    const first = await month();
    await generate();
    const asha = await later(first.asha, '2025-03-10T10:00:00+05:30');
    await generate();
    const history = async (id: number, token = asha.token) =>
      api('GET', `/api/v1/students/${id}/dues/`, { token });
    const kabir = (await history(first.kabir)).json();
    expect(kabir).toMatchObject({ owed: 1500, results: [{ plan_name: 'Crash course' }] });
    const feb = (await api('GET', `${DUES}?month=2025-02`, { token: asha.token })).json();
    const aaravId = feb.results[0].student_id as number;
    await api('POST', `${DUES}${feb.results[0].id}/settle/`, {
      token: asha.token,
      body: { how: 'cash', note: '  Paid   at class ' },
    });
    const aarav = (await history(aaravId)).json();
    expect(
      aarav.results.map((d: { period: string; status: string; note: string | null }) => [
        d.period,
        d.status,
        d.note,
      ]),
    ).toEqual([
      ['2025-02', 'paid', 'Paid at class'],
      ['2025-03', 'overdue', null],
      ['2025-04', 'open', null],
    ]);
    // Only what fell due by today is owed: March, not April.
    expect(aarav.owed).toBe(2000);
    expect((await history(999_999)).statusCode).toBe(404);
    const { priya } = await t.demo();
    expect((await history(aaravId, priya.token)).statusCode).toBe(403);
  });

  it('exports the ledger as CSV, as the month shows it', async () => {
    const first = await month();
    await generate();
    const asha = await later(first.asha, '2025-02-10T10:00:00+05:30');
    const feb = (await api('GET', `${DUES}?month=2025-02`, { token: asha.token })).json();
    await api('POST', `${DUES}${feb.results[0].id}/settle/`, {
      token: asha.token,
      body: { how: 'cash', note: '=SUM(A1)' },
    });
    const res = await api('GET', `${DUES}export/?from=2025-01-01&to=2025-02-28`, {
      token: asha.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="tuitionpay-dues-2025-01-01-to-2025-02-28.csv"',
    );
    expect(res.body.replace('\uFEFF', '').trim().split('\r\n')).toEqual([
      '"Due date","Student","Student phone","Plan","Period","Amount (INR)","Paid (INR)","Left (INR)","Status","Settled by","Note"',
      '"2025-01-20","Kabir Rao","9876500003","Crash course","once","1500.00","0.00","1500.00","Overdue","",""',
      `"2025-02-05","Aarav Sharma","9876500001","Class 10 monthly","2025-02","2000.00","2000.00","0.00","Paid","Cash","'=SUM(A1)"`,
      '"2025-02-05","Diya Patel","9876500002","Class 10 monthly","2025-02","2000.00","0.00","2000.00","Overdue","",""',
    ]);
    const bad = await api('GET', `${DUES}export/?from=2025-03-01&to=2025-02-01`, {
      token: asha.token,
    });
    expect(bad.statusCode).toBe(400);
  });
});
