// The reminder pass in batches (issue 51, D275), one payer a batch so that every boundary is
// crossed: a parent of two students gets one text for both, a tutor who changes channel or a
// payer who replies STOP between batches is followed from the next batch on, and two workers
// running the same pass at once send each payer one text.
import { describe, expect, it } from 'vitest';
import { createReminderPass } from '../../src/server/services/reminderPass';
import { testDatabases } from '../support/server';
import { moveClockTo } from './dashboards.support';
import { usePaymentsServer, type Actor } from './payments.support';

const MEERA = '9876500009'; // the mother of Aarav and Ira, who pays both their fees
const DIYA = '9876500002';
const KABIR = '9876500003';

interface LogEntry {
  payer_phone: string;
  channel: string;
  amount: number | null;
  status: string;
  skipped: string | null;
}

describe.each(testDatabases())('the reminder pass in batches on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  /** Asha's class of four students (three payers) on a ₹2,000 plan due on 5 February. */
  async function classOnTheDay(): Promise<Actor> {
    const { asha } = await t.demo();
    for (const body of [
      { name: 'Aarav Sharma', phone: '9876500001', parent_name: 'Meera', parent_phone: MEERA },
      { name: 'Ira Sharma', phone: '9876500004', parent_name: 'Meera', parent_phone: MEERA },
      { name: 'Diya Patel', phone: DIYA },
      { name: 'Kabir Rao', phone: KABIR },
    ]) {
      const res = await api('POST', '/api/v1/students/', {
        token: asha.token,
        body: { ...body, batch: 'Class 10' },
      });
      expect(res.statusCode).toBe(201);
    }
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
    // 2 February, 10:00 IST: three days before the due day.
    moveClockTo(t, '2025-02-02T10:00:00+05:30');
    await server.app.services.dues.generate();
    return t.user(asha.phone, 'teacher');
  }

  /** The pass as the worker runs it, one payer a batch. */
  const passOfOnes = () => {
    const { db, clock, jobs, users, paymentLinks, config } = server.app.services;
    return createReminderPass({
      db,
      clock,
      jobs,
      users,
      paymentLinks,
      perDay: config.remindersPerDay,
      batchSize: 1,
    });
  };
  /** The tutor's log, by payer, once the texts' jobs ran. */
  const logOf = async (tutor: Actor) => {
    await t.jobs();
    const res = await api('GET', '/api/v1/reminders/', { token: tutor.token });
    const byPhone: Record<string, LogEntry> = {};
    for (const entry of res.json().results as LogEntry[]) {
      expect(byPhone[entry.payer_phone]).toBeUndefined(); // one slot a day per payer
      byPhone[entry.payer_phone] = entry;
    }
    return byPhone;
  };
  const texts = async (phone: string) =>
    (await t.inject({ method: 'GET', url: `/sandbox/outbox.json?phone=${phone}` }))
      .json<{ channel: string; body: string }[]>()
      .filter((text) => /^Fee reminder/.test(text.body) || text.channel === 'whatsapp');

  it('sends a parent of two one text for both, batch after batch, and nothing on a rerun', async () => {
    const asha = await classOnTheDay();
    const pass = passOfOnes();
    let batches = 0;
    expect(await pass.run({ afterBatch: async () => void (batches += 1) })).toEqual({
      sent: 3,
      skipped: 0,
    });
    expect(batches).toBe(3);
    expect(await pass.run()).toEqual({ sent: 0, skipped: 0 });
    const log = await logOf(asha);
    expect(Object.keys(log).sort()).toEqual([DIYA, KABIR, MEERA]);
    expect(log[MEERA]).toMatchObject({ amount: 4000, skipped: null });
    expect(log[DIYA]).toMatchObject({ amount: 2000, skipped: null });
    const [meera] = await texts(MEERA);
    expect(await texts(MEERA)).toHaveLength(1);
    // D240: the batched pass says the same words as a reminder sent now: both children named.
    expect(meera!.body).toContain('from Asha Verma for Aarav Sharma, Ira Sharma: Rs 4,000.00');
    expect(await texts('9876500001')).toEqual([]);
  });

  it('follows a channel changed and a STOP replied between batches', async () => {
    const asha = await classOnTheDay();
    let batches = 0;
    // Payers go in phone order: Diya's batch, then Kabir's, then Meera's.
    await passOfOnes().run({
      afterBatch: async () => {
        batches += 1;
        if (batches !== 1) return;
        const saved = await api('PUT', '/api/v1/reminders/settings/', {
          token: asha.token,
          body: { automatic: true, channel: 'sms' },
        });
        expect(saved.statusCode).toBe(200);
        await t.inject({
          method: 'POST',
          url: '/sandbox/msg91/replies',
          payload: { phone: MEERA, text: 'STOP' },
        });
      },
    });
    const log = await logOf(asha);
    expect(log[DIYA]).toMatchObject({ channel: 'whatsapp', skipped: null });
    expect(log[KABIR]).toMatchObject({ channel: 'sms', skipped: null });
    expect(log[MEERA]).toMatchObject({ skipped: 'opted_out', amount: null });
    expect(await texts(MEERA)).toEqual([]);
    expect((await texts(KABIR)).map((text) => text.channel)).toEqual(['sms']);
  });

  it('sends each payer one text when two workers run the same pass at once', async () => {
    const asha = await classOnTheDay();
    const passes = await Promise.all([passOfOnes().run(), passOfOnes().run()]);
    expect(passes.reduce((n, p) => n + ('sent' in p ? p.sent : 0), 0)).toBe(3);
    const log = await logOf(asha);
    expect(Object.keys(log).sort()).toEqual([DIYA, KABIR, MEERA]);
    for (const phone of [DIYA, KABIR, MEERA]) expect(await texts(phone)).toHaveLength(1);
  });
});
